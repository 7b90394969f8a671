import { MESSAGES } from '../format.ts'
import { currentSettings } from '../storage.ts'
import type { CheckoutSessionComponentProps, ComponentHandle, Locale } from '../types.ts'
import { element, resolveMountElement } from './mount.ts'

/** Messages the checkout iframe sends (the contract's `CheckoutFrameMessage`). */
type FrameMessage =
  | { source: 'plazo-checkout'; type: 'ready' }
  | { source: 'plazo-checkout'; type: 'resize'; height: number }
  | { source: 'plazo-checkout'; type: 'complete'; status: string; checkout_session_id: string }
  | { source: 'plazo-checkout'; type: 'cancel'; checkout_session_id: string }
  | { source: 'plazo-checkout'; type: 'error'; message: string }

/** The message checkout-js sends (the contract's `CheckoutHostMessage`). */
interface HostMessage {
  source: 'plazo-checkout'
  type: 'init'
  client_secret: string
  locale?: Locale
  payment_method_type?: string
}

const MIN_HEIGHT = 200
const MAX_HEIGHT = 10_000

function isFrameMessage(data: unknown): data is FrameMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { source?: unknown }).source === 'plazo-checkout' &&
    typeof (data as { type?: unknown }).type === 'string'
  )
}

/**
 * Mounts the embedded checkout iframe (`<baseUrl>/embedded?origin=<this page's origin>`) and speaks the
 * postMessage protocol of docs/adr/0006 with it. Messages are accepted only from that iframe's window and
 * from the API origin; the client secret is posted to the API origin only, never put in a URL.
 */
export function mountCheckoutFrame<P extends CheckoutSessionComponentProps>(
  props: P,
  paymentMethodType: (props: P) => string | undefined,
): ComponentHandle<P> {
  const host = resolveMountElement(props.mountElement)
  const { baseUrl } = currentSettings()
  const apiOrigin = new URL(baseUrl).origin
  const src = `${baseUrl}/embedded?origin=${encodeURIComponent(window.location.origin)}`
  let current = { ...props }
  const locale = () => current.locale ?? currentSettings().locale

  const iframe = element('iframe', {
    class: 'plazo-checkout',
    'data-plazo': 'checkout',
    src,
    title: MESSAGES[locale()].checkout,
    allow: 'payment',
  })
  iframe.style.cssText = `display:block;width:100%;border:0;height:${MIN_HEIGHT}px`
  host.replaceChildren(iframe)

  let ready = false
  let mounted = true

  function sendInit(): void {
    const message: HostMessage = {
      source: 'plazo-checkout',
      type: 'init',
      client_secret: current.clientSecret,
      locale: locale(),
    }
    const type = paymentMethodType(current)
    if (type !== undefined) message.payment_method_type = type
    // The target origin makes the browser drop the message if the frame navigated anywhere else.
    iframe.contentWindow?.postMessage(message, apiOrigin)
  }

  function onMessage(event: MessageEvent): void {
    if (event.origin !== apiOrigin || event.source !== iframe.contentWindow) return
    const data: unknown = event.data
    if (!isFrameMessage(data)) return
    switch (data.type) {
      case 'ready':
        ready = true
        sendInit()
        current.onReady?.()
        break
      case 'resize':
        if (typeof data.height === 'number' && Number.isFinite(data.height)) {
          const height = Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(data.height)))
          iframe.style.height = `${height}px`
        }
        break
      case 'complete':
        current.onComplete?.({ status: data.status as never, checkoutSessionId: data.checkout_session_id })
        break
      case 'cancel':
        current.onCancel?.({ checkoutSessionId: data.checkout_session_id })
        break
      case 'error':
        current.onError?.(new Error(String(data.message)))
        break
    }
  }

  window.addEventListener('message', onMessage)
  return {
    element: iframe,
    update(next) {
      if (!mounted) return
      const before = current
      current = { ...current, ...next }
      iframe.title = MESSAGES[locale()].checkout
      const changed =
        before.clientSecret !== current.clientSecret ||
        before.locale !== current.locale ||
        paymentMethodType(before) !== paymentMethodType(current)
      if (ready && changed) sendInit()
    },
    unmount() {
      if (!mounted) return
      mounted = false
      window.removeEventListener('message', onMessage)
      iframe.remove()
    },
  }
}
