import { element, resolveMountElement } from './components/mount.ts'
import { MESSAGES } from './format.ts'
import { currentSettings } from './storage.ts'
import type { DocumentationComponentProps } from './types.ts'

/** Topics and the docs page each one opens (the routes of the documentation site). */
const TOPICS: Record<string, string> = {
  overview: '/docs/get-started/overview',
  'get-started': '/docs/get-started/overview',
  'checkout-session': '/docs/get-started/checkout-session',
  considerations: '/docs/get-started/considerations',
  'migration-guide': '/docs/get-started/migration-guide',
  'payment-methods': '/docs/get-started/payment-methods',
  embedded: '/docs/embedded/overview',
  'checkout-session-component': '/docs/embedded/integration/checkout-session-component',
  'payment-intent-component': '/docs/embedded/integration/payment-intent-component',
  customization: '/docs/embedded/customization/',
  hpp: '/docs/hpp/overview',
  'confirm-and-capture': '/docs/embedded/confirm-and-capture',
  'order-management': '/docs/order-management/overview',
  'update-order': '/docs/order-management/update-order',
  'cancel-order': '/docs/order-management/cancel-order',
  captures: '/docs/order-management/captures',
  refunds: '/docs/order-management/refunds',
  payouts: '/docs/payouts/overview',
  api: '/docs/api/',
  'checkout-js': '/docs/checkout-js/',
}

/**
 * The URL of a page of the Plazo developer documentation, in the customer's or your locale (Spanish pages for
 * `es`, English otherwise). With `mountElement`, it also renders a link to it there (opened in a new tab).
 *
 * @returns the absolute URL of the page.
 * @throws Error for a topic that is neither known nor a `/docs/` path.
 *
 * @example
 * ```ts
 * documentation({ topic: 'refunds' }) // 'http://localhost:3000/docs/order-management/refunds'
 * documentation({ topic: 'checkout-js', locale: 'es' }) // 'http://localhost:3000/es/docs/checkout-js/'
 * documentation({ topic: 'hpp', mountElement: '#help', label: 'Hosted payment page guide' })
 * ```
 */
export function documentation(props: DocumentationComponentProps): string {
  const settings = currentSettings()
  const path = TOPICS[props.topic] ?? (props.topic.startsWith('/docs/') ? props.topic : undefined)
  if (!path) {
    throw new Error(`documentation: unknown topic "${props.topic}" (use ${Object.keys(TOPICS).join(', ')}).`)
  }
  const locale = props.locale ?? settings.locale
  const url = `${settings.docsUrl}${locale === 'es' ? '/es' : ''}${path}`
  if (props.mountElement !== undefined) {
    const host = resolveMountElement(props.mountElement)
    const link = element(
      'a',
      { class: 'plazo-documentation', href: url, target: '_blank', rel: 'noopener noreferrer' },
      props.label ?? MESSAGES[locale].documentation,
    )
    host.replaceChildren(link)
  }
  return url
}
