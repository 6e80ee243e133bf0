import { z } from 'zod';
import { cartItemAddShape, cartLimits, cartLineShape, cartUpsertShape, cartValidateShape } from '../../../domain/carts/cart-fields.js';
import { isoTimestamp, jsonMap, moneyNumber, uuid } from '../../kit/common-schemas.js';
import { singleAnswer } from '../../kit/envelope.js';
import { wireObject } from '../../kit/wire-object.js';
import { storeInfo } from '../store/schemas.js';

const text = z.string().nullable();

const deliveryInfo = z
  .strictObject({
    is_free_delivery: z.boolean().meta({
      description:
        'The store delivers and delivery_fee is 0. False when the store has shipping zones but none takes this cart’s weight, since delivery is then priced at checkout.',
    }),
    delivery_fee: moneyNumber.meta({
      description:
        'Without shipping zones, the store’s flat fee. With active zones, the lowest fee any zone whose weight band holds this cart’s weight (each line’s variant weight times its quantity) would charge: the delivery address picks the zone at checkout, so the order’s delivery_fee may be higher. With zones but none for this weight, the flat fee stands in and delivery_message says delivery is priced at checkout.',
    }),
    delivery_fee_value: moneyNumber.meta({ description: 'The same as delivery_fee.' }),
    min_order: moneyNumber.meta({ description: "The store's minimum order subtotal (min_order_price)." }),
    min_order_fee: moneyNumber.meta({ description: 'Fee for an order under the minimum: always 0, such an order is refused at checkout instead.' }),
    d_p_value: z.number().meta({ description: 'Delivery fee as a percentage of the subtotal: always 0, Bazaar charges an amount.' }),
    s_p_value: z.number().meta({ description: 'Service fee as a percentage of the subtotal: always 0, Bazaar charges none.' }),
    delivery_time: text.meta({
      description: 'With zones pricing this cart, "{min}-{max} days" over those zones ("2 days" when they agree); otherwise the store’s own delivery_time.',
    }),
    delivery_message: text.meta({
      description:
        'The store’s own message; with shipping zones but none for this cart’s weight, "Delivery for this cart is priced at checkout, by the delivery address."',
    }),
    offers_free_delivery: z.boolean().meta({ description: 'Same as is_free_delivery: Bazaar has no free-delivery threshold.' }),
    pickup_enabled: z.boolean(),
    offer_instant_delivery: z.boolean().meta({ description: 'Always false: Bazaar has no instant delivery.' }),
  })
  .meta({ id: 'CartDeliveryInfo' });

export const cartVendor = storeInfo
  .pick({
    id: true,
    name: true,
    distance: true,
    notice: true,
    slug: true,
    service: true,
    currency: true,
    logo: true,
    disable_order: true,
    is_closed: true,
    temporary_unavailable: true,
    preorder_enabled: true,
    area: true,
    banner: true,
    support_phone: true,
    country_code: true,
    phone_code: true,
    support_email: true,
    slogan: true,
    tags: true,
    tag: true,
    is_new: true,
    rating: true,
    rating_count: true,
    short_description: true,
    address: true,
    open_time: true,
    close_time: true,
    service_type: true,
    landmark: true,
    region_id: true,
    min_order_price: true,
  })
  .extend({
    delivery_info: deliveryInfo,
    phone: text.meta({ description: "The store's support phone, masked as support_phone is." }),
  })
  .meta({ id: 'CartVendor' });

export const cartItem = z
  .strictObject({
    item_id: uuid.meta({ description: "The product's uuid." }),
    title: z.string(),
    variant_id: uuid.optional().meta({ description: 'The variant’s uuid; absent on a product sold as itself.' }),
    variant_title: text,
    variant_option_values: z.record(z.string(), z.string()).meta({ description: 'Option name to value; {} without a variant.' }),
    price: moneyNumber.meta({ description: "Today's catalogue price of one unit (the variant's own price for a variant)." }),
    discount_price: moneyNumber.meta({ description: 'What the shopper pays for one unit: price less the best live automatic discount.' }),
    discount: z
      .strictObject({ id: z.string(), title: z.string(), type: z.enum(['percentage', 'fixed']), amount: moneyNumber })
      .nullable()
      .meta({ description: 'The discount that sets discount_price, or null.' }),
    quantity: z.int(),
    selectedAddons: z.array(z.unknown()).meta({ description: 'Always []: Bazaar products have no add-ons.' }),
    requires_slot: z.boolean().meta({ description: 'Always false: no product needs a booked slot.' }),
    properties: jsonMap.nullable(),
  })
  .meta({ id: 'CartItem' });

const validationError = z
  .strictObject({
    line: z.int().meta({ description: 'The index of the line in cart_items.' }),
    item_id: uuid,
    variant_id: uuid.nullable(),
    code: z.enum(['price_changed', 'sold_out', 'insufficient_stock', 'not_available', 'not_found', 'variant_not_found']),
    message: z.string(),
    old_value: z.number().nullable().meta({ description: 'price_changed: the unit price last shown; otherwise the quantity asked for.' }),
    new_value: z.number().nullable().meta({ description: 'price_changed: the unit price now; sold_out 0; insufficient_stock the units left.' }),
  })
  .meta({ id: 'CartValidationError' });

export const cart = z
  .strictObject({
    id: uuid,
    vendor_id: uuid.meta({ description: 'The store id.' }),
    vendor: cartVendor,
    cart_items: z.array(cartItem),
    total_price: moneyNumber.meta({ description: 'The subtotal: each line’s discount_price times its quantity. Delivery and fees come at checkout.' }),
    source: z.string(),
    promo_codes: z.array(z.string()),
    is_valid: z.boolean(),
    validation_errors: z.array(validationError),
    last_validated_at: isoTimestamp.nullable(),
    created_at: isoTimestamp,
    updated_at: isoTimestamp,
    checkout_url: z.string().optional().meta({
      description:
        'Private keys only: the hosted checkout page for this cart, served by Bazaar (server-rendered HTML that works without JavaScript: the cart, delivery or pickup with its fee, address, contact, coupon, payment method and Place order). Send the shopper there.',
    }),
  })
  .meta({ id: 'Cart' });

const rejectedItem = z
  .strictObject({
    index: z.int().meta({ description: 'The index of the line in the cart_items sent.' }),
    item_id: z.string(),
    variant_id: z.string().nullable(),
    quantity: z.unknown(),
    reason: z.enum(['not_found', 'not_available', 'variant_required', 'variant_not_found', 'sold_out', 'insufficient_stock', 'invalid_quantity']),
    message: z.string(),
  })
  .meta({ id: 'RejectedCartItem' });

const customise = z
  .strictObject({
    result: z.literal('customise'),
    product: z.strictObject({ id: uuid, title: z.string() }),
    options: z.array(z.strictObject({ name: z.string(), values: z.array(z.strictObject({ value: z.string(), available: z.boolean() })) })),
    variants: z.array(
      z.strictObject({
        id: uuid,
        title: z.string(),
        option_values: z.record(z.string(), z.string()),
        price: moneyNumber,
        discount_price: moneyNumber,
        in_stock: z.boolean(),
        quantity: z.int().nullable().meta({ description: 'Units in stock; null when the variant does not count stock.' }),
      }),
    ),
  })
  .meta({ id: 'CartCustomise', description: 'The product is sold by variant: repeat the call with one of these variant ids.' });

export const cartsAnswer = z.strictObject({
  status: z.literal('success'),
  message: z.string(),
  data: z.array(cart).meta({ description: "The shopper's open cart at this store, or []." }),
  meta: z.strictObject({ total_carts: z.int() }),
});

export const cartUpsertAnswer = z.strictObject({
  status: z.literal('success'),
  message: z.string(),
  data: cart,
  meta: z.strictObject({ rejected_items: z.array(rejectedItem) }),
});

export const cartItemAddAnswer = singleAnswer(z.discriminatedUnion('result', [z.strictObject({ result: z.literal('added'), cart }), customise]));
export const cartAnswer = singleAnswer(cart);

/** Each line's fields go by their wire names too (`item_id`, `variant_id`); in a multipart body the list is one JSON part. */
export const cartUpsertBody = wireObject(cartUpsertShape, {
  jsonParts: ['cartItems'],
  wireFields: {
    cartItems: z
      .array(wireObject(cartLineShape), { error: 'must be a list of cart items' })
      .max(cartLimits.maxLines, { error: `must hold at most ${cartLimits.maxLines} lines` }),
  },
});
export const cartItemAddBody = wireObject(cartItemAddShape);
export const cartValidateBody = wireObject(cartValidateShape);

export const cartClearQuery = z.object({
  cart_id: z.string().optional().meta({ description: "The cart's uuid; without it, the shopper's open cart." }),
});
