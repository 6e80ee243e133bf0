/**
 * The one table of failure codes. REST answers and GraphQL `extensions.code` both read it,
 * so a code means the same thing, with the same status, on every face.
 */
export type Surface = 'storefront' | 'merchant' | 'graphql';

interface ErrorCodeRow {
  status: number;
  /** The spec gives a few codes another status on one surface. */
  statusOn?: Partial<Record<Surface, number>>;
  summary: string;
  /** The specs' vocabulary for operations not served yet: no answer carries it today. Drop the flag with the first route that raises it. */
  reserved?: true;
}

export const errorCodes = {
  bad_request: { status: 400, summary: 'The request was not understood, for example malformed JSON.' },
  client_key_required: { status: 401, summary: 'No X-Client-Key header was sent.' },
  invalid_client_key: { status: 401, summary: 'The key is unknown, revoked or expired.' },
  api_key_mode_mismatch: { status: 401, summary: 'A live key was used on a dev store, or a test key on a live store.' },
  unauthenticated: { status: 401, summary: 'No fitting authentication, for example a merchant call with no key.' },
  customer_token_required: { status: 401, summary: 'This operation needs a signed-in customer: send Authorization: Bearer <access_token>.' },
  customer_token_invalid: { status: 401, summary: 'The customer access token is unknown, expired or signed out; refresh the session or sign in again.' },
  invalid_credentials: { status: 401, summary: 'The email and password do not match an account.' },
  refresh_token_invalid: { status: 401, summary: 'The refresh token is unknown, expired, spent or signed out; sign in again.' },
  api_key_revoked: { status: 403, summary: 'The key was revoked.' },
  api_key_expired: { status: 403, summary: 'The key is past its expiry time.' },
  private_key_required: { status: 403, summary: 'A public key was sent where only a private key is accepted.' },
  insufficient_scope: { status: 403, summary: 'The key lacks the scope the operation needs; the message names it.' },
  origin_required: { status: 403, summary: 'A public key was sent without Origin and its allowlist is not "*".' },
  origin_not_allowed: { status: 403, summary: "The Origin is not on the key's allowlist; the message lists the allowed origins." },
  plan_inactive: { status: 403, summary: "The store's plan has no API access." },
  token_store_mismatch: { status: 403, summary: 'The customer access or refresh token was issued by another store; sign in at this store.' },
  forbidden: { status: 403, summary: 'Authenticated but not allowed, for example an app-only operation called with a key the merchant minted.' },
  VENDOR_ACCESS_DENIED: {
    status: 403,
    summary:
      "Merchant API only: the X-Store-Id header names another store than the key's. The answer keeps the spec's older body {error: \"VENDOR_ACCESS_DENIED\", message}, not the failure envelope. Drop the header: the key names its store.",
  },
  route_not_available: {
    status: 404,
    statusOn: { merchant: 403 },
    summary: 'The path is not part of this API (404 on the storefront, 403 on the merchant API, naming the current path where one exists).',
  },
  not_found: { status: 404, summary: 'No such record in this store; the message names the record kind.' },
  method_not_allowed: { status: 405, summary: 'The method is not supported on this path; see the Allow header.' },
  not_acceptable: { status: 406, summary: 'The Accept header names no media type this path answers in (GraphQL answers JSON).' },
  request_timeout: { status: 408, summary: 'The request did not arrive in time (its headers or body were too slow); the connection is closed.' },
  conflict: {
    status: 409,
    summary: 'The request conflicts with the current state, such as a slug taken by concurrent creates or a review imported by another request at once; send it again (after Retry-After when given).',
  },
  idempotency_key_reuse: { status: 409, summary: 'The Idempotency-Key was used before with a different request (method, path or body).' },
  account_exists: { status: 409, summary: 'An account already holds this email address or phone number; sign in instead.' },
  cart_changed: {
    status: 409,
    summary:
      'The cart changed since the shopper saw it (a price, or a line no longer for sale); the cart now lists what changed: show it, then check out again.',
  },
  out_of_stock: {
    status: 409,
    summary: 'Another order took the last units while this one was placed; nothing was charged or written. Validate the cart to see what is left.',
  },
  store_not_accepting_orders: { status: 409, summary: 'The store is not taking orders right now (ordering disabled or temporarily unavailable).' },
  store_closed: {
    status: 409,
    summary:
      'The store is outside its opening hours (GET /store/info is_open false) and takes no orders before it opens; the message says when. A store with preorder_enabled takes them.',
  },
  idempotency_key_in_progress: { status: 409, summary: 'A call with this Idempotency-Key is still running; retry after Retry-After seconds.' },
  gone: { status: 410, summary: 'The resource no longer exists.', reserved: true },
  payload_too_large: { status: 413, summary: 'The body is over the size limit.' },
  unsupported_media_type: { status: 415, summary: 'Send Content-Type: application/json.' },
  validation_failed: { status: 422, summary: 'Invalid body or query; error.errors maps each field to its messages.' },
  starting_after_invalid: { status: 422, summary: 'The cursor is stale, tampered, from another list, or from other filters or sort.' },
  page_too_deep: { status: 422, summary: 'Page mode stops at page 50; walk the cursor (next_cursor) past it.' },
  cursor_unsupported_for_sort: { status: 422, summary: 'This list does not take a cursor (starting_after); walk it by page.' },
  otp_invalid: { status: 422, summary: 'The one-time code is wrong; the message says how many tries are left.' },
  otp_expired: { status: 422, summary: 'The one-time code expired, was used, or its challenge died after 5 wrong codes; request a new one.' },
  verified_token_invalid: { status: 422, summary: 'The verified_token is unknown, expired or used; verify the address again.' },
  reset_token_invalid: { status: 422, summary: 'The password-reset token is unknown, expired or used; request a new one.' },
  cart_empty: { status: 422, summary: 'There is nothing to check out: no open cart, or a cart without lines.' },
  minimum_order_not_met: { status: 422, summary: "The cart's total is under the store's minimum order; the message names both amounts." },
  delivery_unavailable: {
    status: 422,
    summary: 'The delivery method cannot be used: the store does not deliver there (no shipping zone reaches the address and weight) or does not offer pickup.',
  },
  coupon_invalid: { status: 422, summary: 'The coupon code is unknown at this store, switched off, not started or expired.' },
  coupon_not_applicable: {
    status: 422,
    summary: 'The coupon does not apply to this order (its minimum, its products, or it needs a signed-in customer); the message says which.',
  },
  coupon_usage_limit_reached: { status: 422, summary: 'The coupon was used as many times as it may be, in total or by this customer.' },
  payment_method_unavailable: { status: 422, summary: 'The deployment takes no online payment (PAYMENT_PROVIDER=none): choose cash.' },
  order_not_payable: { status: 422, summary: 'Only an online order that is not paid yet has a payment link.' },
  product_not_ready: {
    status: 422,
    summary:
      "A product in the cart lacks details an installed app requires before it is sold (metafields under the app's requirement prefix); the message names the product. Remove it from the cart or wait for the store.",
  },
  limit_reached: {
    status: 422,
    summary:
      "A cap is reached (a shopper's 50 saved addresses or 500 wishlist items, a collected definition's entries, an app's 5,000 pending imported reviews); remove or moderate some first.",
  },
  metaobject_reference_invalid: { status: 422, summary: 'A product write names an unresolvable metaobject reference.' },
  too_many_requests: { status: 429, summary: 'Rate limited; honour Retry-After.' },
  otp_resend_too_soon: { status: 429, summary: 'A code was sent moments ago; request another after Retry-After seconds.' },
  verification_limit_exceeded: { status: 429, summary: 'Too many codes or resets for this address or from this client this hour; honour Retry-After.' },
  login_throttled: { status: 429, summary: 'Too many failed sign-ins for this account; honour Retry-After.' },
  headers_too_large: { status: 431, summary: 'The request line and headers together are over the size limit.' },
  server_error: { status: 500, summary: 'A fault on our side; retry with backoff. Quote error.request_id when reporting it.' },
  service_unavailable: { status: 503, summary: 'Temporarily unavailable: at capacity, or a dependency is not answering; retry after Retry-After or with backoff.' },
} satisfies Record<string, ErrorCodeRow>;

export type ErrorCode = keyof typeof errorCodes;

/** Whether a code is answered by this release, or kept for the operations to come. */
export function isReserved(code: ErrorCode): boolean {
  const row: ErrorCodeRow = errorCodes[code];
  return row.reserved === true;
}

export function statusOf(code: ErrorCode, surface: Surface): number {
  const row: ErrorCodeRow = errorCodes[code];
  return row.statusOn?.[surface] ?? row.status;
}
