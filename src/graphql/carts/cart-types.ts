import type { CartView, PricedCartLine } from '../../domain/carts/cart-view.js';
import type { RejectedLine } from '../../domain/carts/cart-writes.js';
import type { CustomiseChoices } from '../../domain/carts/customise.js';
import type { ValidationFinding } from '../../domain/carts/validate-cart.js';
import { builder } from '../builder.js';
import { Money } from '../shared/money.js';

/** A cart as GraphQL reads it: the priced view, with the store currency and the caller's key kind at hand. */
export interface CartNode {
  view: CartView;
  currencyCode: string;
  /** Set for private keys only, by the REST rule. */
  checkoutUrl: string | null;
}

type LineNode = PricedCartLine & { currencyCode: string };

const money = (currencyCode: string, amount: CartView['subtotal']) => ({ amount, currencyCode });

const OptionValue = builder.objectRef<{ name: string; value: string }>('CartOptionValue').implement({
  fields: (t) => ({ name: t.exposeString('name'), value: t.exposeString('value') }),
});

const optionValuesOf = (values: unknown) => Object.entries((values ?? {}) as Record<string, string>).map(([name, value]) => ({ name, value }));

const LineDiscount = builder.objectRef<NonNullable<PricedCartLine['discount']> & { currencyCode: string }>('CartLineDiscount').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    title: t.exposeString('title'),
    type: t.exposeString('type', { description: '`percentage` or `fixed`.' }),
    amount: t.field({ type: Money, description: 'What it takes off one unit.', resolve: (d) => money(d.currencyCode, d.amount) }),
  }),
});

const CartLine = builder.objectRef<LineNode>('CartLine').implement({
  description: "One line of a cart at today's catalogue price (REST `cart_items[]`).",
  fields: (t) => ({
    productId: t.field({ type: 'UUID', resolve: (l) => l.item.productId }),
    title: t.string({ resolve: (l) => l.item.product.title }),
    variantId: t.field({ type: 'UUID', nullable: true, resolve: (l) => l.item.variantId }),
    variantTitle: t.string({ nullable: true, resolve: (l) => l.item.variant?.title ?? null }),
    variantOptionValues: t.field({ type: [OptionValue], resolve: (l) => optionValuesOf(l.item.variant?.optionValues) }),
    quantity: t.int({ resolve: (l) => l.item.quantity }),
    price: t.field({ type: Money, resolve: (l) => money(l.currencyCode, l.price) }),
    discountPrice: t.field({
      type: Money,
      description: 'What one unit costs the shopper: price less the best live automatic discount.',
      resolve: (l) => money(l.currencyCode, l.discountPrice),
    }),
    discount: t.field({ type: LineDiscount, nullable: true, resolve: (l) => (l.discount ? { ...l.discount, currencyCode: l.currencyCode } : null) }),
  }),
});

const ValidationError = builder.objectRef<ValidationFinding>('CartValidationError').implement({
  description: 'A finding of the last validation (REST `validation_errors[]`).',
  fields: (t) => ({
    line: t.exposeInt('line', { description: 'The index of the line in `lines`.' }),
    productId: t.field({ type: 'UUID', resolve: (f) => f.item_id }),
    variantId: t.field({ type: 'UUID', nullable: true, resolve: (f) => f.variant_id }),
    code: t.exposeString('code'),
    message: t.exposeString('message'),
    oldValue: t.float({ nullable: true, resolve: (f) => f.old_value }),
    newValue: t.float({ nullable: true, resolve: (f) => f.new_value }),
  }),
});

export const Cart = builder.objectRef<CartNode>('Cart').implement({
  description: "The shopper's open cart at this store (REST GET /store/cart); see the README's Carts section.",
  fields: (t) => ({
    id: t.field({ type: 'UUID', resolve: (c) => c.view.cart.id }),
    lines: t.field({ type: [CartLine], resolve: (c) => c.view.lines.map((l) => ({ ...l, currencyCode: c.currencyCode })) }),
    subtotal: t.field({
      type: Money,
      description: 'Each line’s discountPrice times its quantity; delivery and fees come at checkout.',
      resolve: (c) => money(c.currencyCode, c.view.subtotal),
    }),
    source: t.string({ resolve: (c) => c.view.cart.source }),
    promoCodes: t.stringList({ resolve: (c) => c.view.cart.promoCodes }),
    isValid: t.boolean({ resolve: (c) => c.view.cart.isValid }),
    validationErrors: t.field({ type: [ValidationError], resolve: (c) => c.view.cart.validationErrors as unknown as ValidationFinding[] }),
    lastValidatedAt: t.field({ type: 'DateTime', nullable: true, resolve: (c) => c.view.cart.lastValidatedAt }),
    createdAt: t.field({ type: 'DateTime', resolve: (c) => c.view.cart.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (c) => c.view.cart.updatedAt }),
    checkoutUrl: t.string({
      nullable: true,
      description:
        'Private keys only: the hosted checkout page for this cart, served by Bazaar (server-rendered HTML that works without JavaScript: the cart, delivery or pickup with its fee, address, contact, coupon, payment method and Place order). Send the shopper there.',
      resolve: (c) => c.checkoutUrl,
    }),
  }),
});

export const RejectedCartLine = builder.objectRef<RejectedLine>('RejectedCartLine').implement({
  description: 'A line cartUpsert left out (REST `meta.rejected_items[]`).',
  fields: (t) => ({
    index: t.exposeInt('index', { description: 'The index of the line in `input.lines`.' }),
    productId: t.exposeString('itemId'),
    variantId: t.exposeString('variantId', { nullable: true }),
    reason: t.exposeString('reason'),
    message: t.exposeString('message'),
  }),
});

type ChoicesNode = CustomiseChoices & { currencyCode: string };

const OptionChoice = builder.objectRef<CustomiseChoices['options'][number]>('CartOptionChoice').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    values: t.field({
      type: [
        builder
          .objectRef<{ value: string; available: boolean }>('CartOptionValueChoice')
          .implement({ fields: (f) => ({ value: f.exposeString('value'), available: f.exposeBoolean('available') }) }),
      ],
      resolve: (o) => o.values,
    }),
  }),
});

const VariantChoice = builder.objectRef<CustomiseChoices['variants'][number] & { currencyCode: string }>('CartVariantChoice').implement({
  fields: (t) => ({
    id: t.field({ type: 'UUID', resolve: (v) => v.id }),
    title: t.exposeString('title'),
    optionValues: t.field({ type: [OptionValue], resolve: (v) => optionValuesOf(v.optionValues) }),
    price: t.field({ type: Money, resolve: (v) => money(v.currencyCode, v.price) }),
    discountPrice: t.field({ type: Money, resolve: (v) => money(v.currencyCode, v.discountPrice) }),
    inStock: t.exposeBoolean('inStock'),
    quantity: t.exposeInt('quantity', { nullable: true, description: 'Units in stock; null when the variant does not count stock.' }),
  }),
});

export const CartChoices = builder.objectRef<ChoicesNode>('CartChoices').implement({
  description: 'What the shopper must choose before a product sold by variant goes into the cart.',
  fields: (t) => ({
    productId: t.field({ type: 'UUID', resolve: (c) => c.product.id }),
    title: t.string({ resolve: (c) => c.product.title }),
    options: t.field({ type: [OptionChoice], resolve: (c) => c.options }),
    variants: t.field({ type: [VariantChoice], resolve: (c) => c.variants.map((v) => ({ ...v, currencyCode: c.currencyCode })) }),
  }),
});
