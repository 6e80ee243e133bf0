import type { OrderRecord } from '../domain/orders/order-record.js';
import { html, type SafeHtml } from './html.js';

/** Money as the hosted pages show it: two decimals and the currency code. */
export const amount = (value: { toFixed(d: number): string }, currency: string) => `${value.toFixed(2)} ${currency}`;

/** An order's lines and totals as a table, for the hosted pages. */
export function orderTable(order: OrderRecord): SafeHtml {
  const rows = order.items.map(
    (item) =>
      html`<tr>
        <td>${item.title}${item.variantTitle ? html` (${item.variantTitle})` : ''} × ${item.quantity}</td>
        <td class="num">${amount(item.total, order.currency)}</td>
      </tr>`,
  );
  return html`<table aria-label="Order summary">
    <tbody>
      ${rows}
      <tr>
        <td>Delivery</td>
        <td class="num">${amount(order.shippingTotal, order.currency)}</td>
      </tr>
    </tbody>
    <tfoot>
      <tr>
        <td>Total</td>
        <td class="num" data-testid="order-total">${amount(order.total, order.currency)}</td>
      </tr>
    </tfoot>
  </table>`;
}
