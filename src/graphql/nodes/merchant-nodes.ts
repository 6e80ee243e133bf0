import { requireScope } from '../../auth/requirements.js';
import { findMerchantCustomer } from '../../domain/customers/merchant/find-customer.js';
import { findCoupon } from '../../domain/discounts/find-coupon.js';
import { findDiscount } from '../../domain/discounts/find-discount.js';
import { findPromotion } from '../../domain/discounts/find-promotion.js';
import { findFile } from '../../domain/media/find-file.js';
import { findMyOrder, findStoreOrder } from '../../domain/orders/find-order.js';
import { findShippingZone } from '../../domain/shipping/find-zone.js';
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

nodeOf(Order, (o) => o.uid, async (id, context) => {
  await context.signIn(true);
  return findMyOrder(context.ctx, id);
});

nodeOf(MerchantOrder, (o) => o.uid, (id, { ctx }) => {
  requireScope(ctx.principal, 'merchant-orders-read');
  return findStoreOrder(ctx, id);
});

nodeOf(MerchantCustomer, (c) => c.uid, (id, { ctx }) => {
  requireScope(ctx.principal, 'merchant-customers-detail');
  return findMerchantCustomer(ctx, id);
});

nodeOf(Discount, (d) => d.id, (id, { ctx }) => {
  requireScope(ctx.principal, 'merchant-discounts-detail');
  return findDiscount(ctx, id);
});

nodeOf(Promotion, (p) => p.id, (id, { ctx }) => findPromotion(ctx, id));

nodeOf(Coupon, (c) => c.id, (id, { ctx }) => {
  requireScope(ctx.principal, 'merchant-coupons-read');
  return findCoupon(ctx, id);
});

nodeOf(MediaFile, (f) => f.uid, (id, { ctx }) => {
  requireScope(ctx.principal, 'merchant-media-read');
  return findFile(ctx, id);
});

nodeOf(ShippingZone, (z) => z.id, (id, { ctx }) => {
  requireScope(ctx.principal, 'merchant-shipping-read');
  return findShippingZone(ctx, id);
});
