import type { CheckoutSessionComponentProps, ComponentHandle } from '../types.ts'
import { mountCheckoutFrame } from './frame.ts'

/**
 * Mounts Plazo's embedded checkout for a session in an iframe: the customer chooses a payment method among
 * the session's, sees the loan conditions, gives their details and confirms, without leaving your page.
 * Customer data stays in the iframe (Plazo's origin); your page receives only the outcome.
 *
 * Create the session on your server (`POST /api/v2/checkout/` with your API credentials) and pass its
 * `client_secret` to the page. The secret goes to the iframe by `postMessage`, never in a URL. The iframe
 * grows and shrinks with its content. Messages from any other window or origin are ignored. `onReady` is called
 * once the customer can use the checkout; `onError` receives a {@link PlazoError} when it cannot be used.
 *
 * @returns a handle: `update({ locale })` or a new `clientSecret` re-initialises the checkout; `unmount()`
 * removes it and stops listening.
 *
 * @example
 * ```html
 * <p id="checkout-error" role="alert"></p>
 * <div id="checkout"></div>
 * <script src="http://localhost:4000/checkout.js"></script>
 * <script>
 *   PlazoCheckout.init({ agentId: 'a0a09c08-ec9b-4994-8a89-ddaf1e736565', locale: 'es' })
 *   PlazoCheckout.CheckoutSessionComponent({
 *     mountElement: '#checkout',
 *     clientSecret: '{{ client_secret from your server }}',
 *     onComplete: ({ status, checkoutSessionId }) => {
 *       // Trust the webhook or GET /api/v2/checkout/{id}/ on your server, not only this callback.
 *       location.assign(`/orders/${checkoutSessionId}?status=${status}`)
 *     },
 *     onCancel: () => location.assign('/cart'),
 *     onError: (error) => {
 *       console.error(error.exception, error.message) // for you
 *       document.getElementById('checkout-error').textContent = error.localizedMessage // for your customer
 *     },
 *   })
 * </script>
 * ```
 */
export function CheckoutSessionComponent(
  props: CheckoutSessionComponentProps,
): ComponentHandle<CheckoutSessionComponentProps> {
  return mountCheckoutFrame(props, () => undefined)
}
