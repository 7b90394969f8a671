/**
 * One single-page API reference: a committed OpenAPI document of packages/contract and its route.
 * Plain data, imported by the browser bundle too (see openapi-source.ts for the files themselves).
 */
export type ReferenceLocale = 'en' | 'es'

export interface ApiReference {
  id: string
  /** Navbar and footer label (translated in i18n/es like every navbar and footer label). */
  label: string
  /** Page title, per locale. */
  title: Readonly<Record<ReferenceLocale, string>>
  route: string
  /** File name in packages/contract/openapi/ (English) and packages/contract/openapi/es/ (Spanish). */
  fileName: string
  /**
   * Root-relative URL of the downloadable copy, per locale: the reference of each locale offers its own
   * document (static/openapi/ and static/openapi/es/, filled by scripts/prepare-content.ts).
   */
  downloadPath: Readonly<Record<ReferenceLocale, string>>
}

function reference(
  id: string,
  label: string,
  title: Record<ReferenceLocale, string>,
  fileName: string,
): ApiReference {
  return {
    id,
    label,
    title,
    route: `/${id}-api`,
    fileName,
    downloadPath: { en: `/openapi/${fileName}`, es: `/openapi/es/${fileName}` },
  }
}

export const apiReferences: readonly ApiReference[] = [
  reference(
    'checkout-session-embedded',
    'Checkout session (embedded)',
    {
      en: 'Checkout session API: embedded',
      es: 'API de sesiones de checkout: checkout integrado',
    },
    'checkout-session-embedded.json',
  ),
  reference(
    'checkout-session-hpp',
    'Checkout session (HPP)',
    {
      en: 'Checkout session API: hosted payment page',
      es: 'API de sesiones de checkout: página de pago alojada',
    },
    'checkout-session-hpp.json',
  ),
  reference(
    'order-management',
    'Order management',
    { en: 'Order management API', es: 'API de gestión de pedidos' },
    'order-management.json',
  ),
  reference('webhook', 'Webhooks', { en: 'Webhook API', es: 'API de webhooks' }, 'webhook.json'),
]
