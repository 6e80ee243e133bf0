import type { StoreLocale } from '../../../generated/prisma/client.js';
import { presentLocale } from '../../storefront/store/presenters.js';

export function presentMerchantLocale(locale: StoreLocale) {
  return { ...presentLocale(locale), published: locale.published, position: locale.position };
}
