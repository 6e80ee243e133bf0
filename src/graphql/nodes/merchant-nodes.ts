import { requireScope } from '../../auth/requirements.js';
import { findMerchantCustomers } from '../../domain/customers/merchant/find-customer.js';
import { findCoupons } from '../../domain/discounts/find-coupon.js';
import { findDiscounts } from '../../domain/discounts/find-discount.js';
import { findPromotions } from '../../domain/discounts/find-promotion.js';
import { findFiles } from '../../domain/media/find-file.js';
import { findMyOrders, findStoreOrders } from '../../domain/orders/find-order.js';
import { findShippingZones } from '../../domain/shipping/find-zone.js';
import { MerchantCustomer } from '../customers/merchant-customers.js';
import { Coupon, Discount } from '../discounts/types.js';
import { MediaFile } from '../media/types.js';
import { MerchantOrder } from '../orders/merchant-orders.js';
import { Order } from '../orders/order-type.js';
import { Promotion } from '../promotions/types.js';
import { ShippingZone } from '../shipping/types.js';
import { nodeOf } from './node-of.js';

// Orders, customers, offers, files and zones as nodes: each refetch asks what the type's own read
// asks (the merchant scope of its REST read, or the customer's token for the shopper's Order).

nodeOf(Order, (o) => o.uid, async (ids, context) => {
  await context.signIn(true);
  return findMyOrders(context.ctx, ids);
});

nodeOf(MerchantOrder, (o) => o.uid, (ids, { ctx }) => {
  requireScope(ctx.principal, 'merchant-orders-read');
  return findStoreOrders(ctx, ids);
});

nodeOf(MerchantCustomer, (c) => c.uid, (ids, { ctx }) => {
  requireScope(ctx.principal, 'merchant-customers-detail');
  return findMerchantCustomers(ctx, ids);
});

nodeOf(Discount, (d) => d.id, (ids, { ctx }) => {
  requireScope(ctx.principal, 'merchant-discounts-detail');
  return findDiscounts(ctx, ids);
});

nodeOf(Promotion, (p) => p.id, (ids, { ctx }) => findPromotions(ctx, ids));

nodeOf(Coupon, (c) => c.id, (ids, { ctx }) => {
  requireScope(ctx.principal, 'merchant-coupons-read');
  return findCoupons(ctx, ids);
});

nodeOf(MediaFile, (f) => f.uid, (ids, { ctx }) => {
  requireScope(ctx.principal, 'merchant-media-read');
  return findFiles(ctx, ids);
});

nodeOf(ShippingZone, (z) => z.id, (ids, { ctx }) => {
  requireScope(ctx.principal, 'merchant-shipping-read');
  return findShippingZones(ctx, ids);
});
