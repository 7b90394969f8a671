/**
 * Every route of spec §2's table. PENDING_ROUTES are the guides that belong to a later issue (and the
 * checkout-js reference, which needs packages/checkout-js); the tests check that each of them is still
 * missing, so this list has to shrink as the pages arrive and can never hide a page that broke.
 */
export const SPEC_ROUTES = [
  '/',
  '/checkout-session-embedded-api',
  '/checkout-session-hpp-api',
  '/order-management-api',
  '/webhook-api',
  '/docs/get-started/overview',
  '/docs/get-started/checkout-session',
  '/docs/get-started/considerations',
  '/docs/get-started/migration-guide',
  '/docs/get-started/payment-methods',
  '/docs/embedded/overview',
  '/docs/embedded/confirm-and-capture',
  '/docs/embedded/integration/checkout-session-component',
  '/docs/embedded/integration/payment-intent-component',
  '/docs/embedded/integration/payment-methods',
  '/docs/embedded/customization/',
  '/docs/embedded/customization/payment-methods',
  '/docs/hpp/overview',
  '/docs/hpp/integration',
  '/docs/hpp/distribution',
  '/docs/hpp/confirm-and-capture',
  '/docs/hpp/customization/',
  '/docs/hpp/customization/payment-methods',
  '/docs/hpp/customization/redirect',
  '/docs/order-management/overview',
  '/docs/order-management/update-order',
  '/docs/order-management/cancel-order',
  '/docs/order-management/captures',
  '/docs/order-management/refunds',
  '/docs/payouts/overview',
  '/docs/api/',
  '/docs/api/globals',
  '/docs/checkout-js/',
] as const

export const PENDING_ROUTES: ReadonlySet<string> = new Set([
  '/docs/embedded/confirm-and-capture',
  '/docs/embedded/integration/checkout-session-component',
  '/docs/embedded/integration/payment-intent-component',
  '/docs/embedded/integration/payment-methods',
  '/docs/embedded/customization/',
  '/docs/embedded/customization/payment-methods',
  '/docs/hpp/integration',
  '/docs/hpp/distribution',
  '/docs/hpp/confirm-and-capture',
  '/docs/hpp/customization/',
  '/docs/hpp/customization/payment-methods',
  '/docs/hpp/customization/redirect',
  '/docs/order-management/update-order',
  '/docs/order-management/cancel-order',
  '/docs/order-management/captures',
  '/docs/order-management/refunds',
  // The spec names payouts as a documented area but says nothing about them yet.
  '/docs/payouts/overview',
  // TypeDoc output of packages/checkout-js, which does not exist yet.
  '/docs/checkout-js/',
])

/** The same route under the Spanish locale. */
export function spanish(route: string): string {
  return route === '/' ? '/es/' : `/es${route}`
}

/** Strips the trailing slash, the form links use. */
export function linkForm(route: string): string {
  return route.length > 1 ? route.replace(/\/$/, '') : route
}
