import type { Prisma, Store } from '../generated/prisma/client.js';
import type { CartView } from '../domain/carts/cart-view.js';
import type { ValidationFinding } from '../domain/carts/validate-cart.js';
import type { DeliveryTerms } from '../domain/orders/delivery-terms.js';
import type { OrderRecord } from '../domain/orders/order-record.js';
import { fieldLabels, type FormField, type FormValues } from './checkout-form.js';
import { html, page, type SafeHtml } from './html.js';
import { liveStatusScript, statusLine } from './live-status.js';
import { amount, orderTable } from './order-summary.js';

export interface CheckoutState {
  store: Store;
  view: CartView;
  /** A guest's cart asks for a contact; a customer's is reached through the account. */
  guest: boolean;
  values: FormValues;
  /** The store's flat fee, or null when shipping zones price delivery by the address. */
  flatFee: Prisma.Decimal | null;
  /** What delivery to the typed address costs, after "Update delivery fee". */
  quote?: DeliveryTerms;
  /** Why the last post did not place the order: the message, then one line per field. */
  failure?: { message: string; details: string[] };
}

function cartTable({ view, store }: CheckoutState): SafeHtml {
  const rows = view.lines.map(
    ({ item, discountPrice }) =>
      html`<tr>
        <td>${item.product.title}${item.variant ? html` (${item.variant.title})` : ''} × ${item.quantity}</td>
        <td class="num">${amount(discountPrice.mul(item.quantity), store.currency)}</td>
      </tr>`,
  );
  return html`<table aria-label="Cart">
    <tbody>
      ${rows}
    </tbody>
    <tfoot>
      <tr>
        <td>Subtotal</td>
        <td class="num" data-testid="subtotal">${amount(view.subtotal, store.currency)}</td>
      </tr>
    </tfoot>
  </table>`;
}

function input(values: FormValues, field: FormField, type = 'text', extra = html``): SafeHtml {
  return html`<label>${fieldLabels[field]} <input type="${type}" name="${field}" value="${values[field]}" ${extra} /></label>`;
}

function radio(values: FormValues, field: FormField, value: string, label: string | SafeHtml): SafeHtml {
  const checked = values[field] === value ? html`checked` : '';
  return html`<label><input type="radio" name="${field}" value="${value}" ${checked} /> ${label}</label>`;
}

function deliveryFee(state: CheckoutState): SafeHtml {
  const { store, flatFee, quote } = state;
  if (flatFee) return html`<p data-testid="delivery-fee">Delivery fee: ${amount(flatFee, store.currency)}</p>`;
  if (quote) {
    const days = quote.minDays !== null ? html`, ${quote.minDays}–${quote.maxDays} days` : '';
    return html`<p data-testid="delivery-fee">Delivery to this address: ${amount(quote.fee, store.currency)} (${quote.zoneName}${days})</p>`;
  }
  return html`<p class="note" data-testid="delivery-fee">The delivery fee depends on the address: type it, then press “Update delivery fee”.</p>`;
}

function deliveryFields(state: CheckoutState): SafeHtml {
  const { store, values } = state;
  const pickup = store.pickupEnabled ? radio(values, 'delivery_method', 'pickup', html`Pickup at ${store.address ?? store.name} (free)`) : '';
  // The first submit button of the form: pressing Enter in a field then prices delivery rather than placing the order.
  const quoteButton = state.flatFee ? '' : html`<button name="intent" value="quote">Update delivery fee</button>`;
  const delivery = store.disableDelivery
    ? ''
    : html`${radio(values, 'delivery_method', 'delivery', 'Delivery')} ${deliveryFee(state)} ${input(values, 'address')}
        ${input(values, 'lat', 'text', html`inputmode="decimal"`)} ${input(values, 'lng', 'text', html`inputmode="decimal"`)}
        <p class="note">This test build takes the delivery point as coordinates (latitude, longitude); a store's own page would place it on a map.</p>
        ${quoteButton}`;
  return html`<fieldset>
    <legend>Delivery</legend>
    ${delivery} ${pickup}
  </fieldset>`;
}

function contactFields({ guest, values }: CheckoutState): SafeHtml {
  if (!guest) return html`<p class="note">You are checking out with your account: the store reaches you through it.</p>`;
  return html`<fieldset>
    <legend>Contact</legend>
    ${input(values, 'name')} ${input(values, 'email', 'email')} ${input(values, 'phone', 'tel')}
    <p class="note">An email or a phone number, so the store can reach you.</p>
  </fieldset>`;
}

function failureBox(state: CheckoutState): SafeHtml | string {
  if (!state.failure) return '';
  const changes = state.view.cart.isValid ? [] : (state.view.cart.validationErrors as unknown as ValidationFinding[]).map((f) => f.message);
  const details = [...state.failure.details, ...changes];
  return html`<div class="error" role="alert">
    <p>${state.failure.message}</p>
    ${
      details.length
        ? html`<ul>
            ${details.map((d) => html`<li>${d}</li>`)}
          </ul>`
        : ''
    }
  </div>`;
}

/** The checkout form over the cart: everything a shopper needs to place the order without JavaScript. */
export function checkoutPage(state: CheckoutState): string {
  const { store, values } = state;
  return page(
    `Checkout · ${store.name}`,
    html`<h1>${store.name}</h1>
      <p class="note">Prices in ${store.currency}.</p>
      ${failureBox(state)} ${cartTable(state)}
      <form method="post">
        ${deliveryFields(state)} ${contactFields(state)}
        <fieldset>
          <legend>Payment</legend>
          ${radio(values, 'payment_method', 'cash', 'Cash when you receive the order')} ${radio(values, 'payment_method', 'online', 'Pay online now')}
        </fieldset>
        ${input(values, 'coupon_code')}
        <label>${fieldLabels.note} <textarea name="note" rows="2">${values.note}</textarea></label>
        <button name="intent" value="place">Place order</button>
      </form>`,
  );
}

/** The order a checkout placed: its number, total and status (kept current by the page's script), and for an online order, where to pay. */
export function orderPlacedPage(store: Store, order: OrderRecord, payLink: string | null): string {
  const next = payLink
    ? html`<p><a href="${payLink}" data-testid="pay-link">Pay ${amount(order.total, order.currency)} now</a></p>`
    : html`<p role="status">${order.paymentMethod === 'cash' ? 'You pay when you receive it.' : `Payment: ${order.paymentStatus}.`}</p>`;
  return page(
    `Order #${order.number} · ${store.name}`,
    html`<h1>${store.name}</h1>
      <h2 data-testid="order-number">Thank you! Order #${order.number}</h2>
      ${statusLine(order)} ${orderTable(order)} ${next}`,
    liveStatusScript,
  );
}

/** An address that leads to no open cart and no order. */
export const checkoutNotFound = page(
  'Not found',
  html`<h1>This checkout is not available.</h1>
    <p>The cart may have expired, or the link is wrong.</p>`,
);
