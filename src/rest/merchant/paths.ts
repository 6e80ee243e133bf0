/** Where the Merchant API lives; `Location` headers of its creates start with it. */
export const MERCHANT_PREFIX = '/api/v1/merchant';
