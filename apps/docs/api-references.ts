/**
 * One single-page API reference: a committed OpenAPI document of packages/contract and its route.
 * Plain data, imported by the browser bundle too (see openapi-source.ts for the files themselves).
 */
export interface ApiReference {
  id: string
  /** Navbar and footer label. */
  label: string
  /** Page title. */
  title: string
  route: string
  /** File name in packages/contract/openapi/. */
  fileName: string
  /** Root-relative URL of the downloadable copy (static/openapi/, filled by scripts/prepare-content.ts). */
  downloadPath: string
}

function reference(id: string, label: string, title: string, fileName: string): ApiReference {
  return {
    id,
    label,
    title,
    route: `/${id}-api`,
    fileName,
    downloadPath: `/openapi/${fileName}`,
  }
}

export const apiReferences: readonly ApiReference[] = [
  reference(
    'checkout-session-embedded',
    'Checkout session (embedded)',
    'Checkout session API: embedded',
    'checkout-session-embedded.json',
  ),
  reference(
    'checkout-session-hpp',
    'Checkout session (HPP)',
    'Checkout session API: hosted payment page',
    'checkout-session-hpp.json',
  ),
  reference('order-management', 'Order management', 'Order management API', 'order-management.json'),
  reference('webhook', 'Webhooks', 'Webhook API', 'webhook.json'),
]
