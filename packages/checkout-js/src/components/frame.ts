import { PlazoError } from '../errors.ts'
import { MESSAGES } from '../format.ts'
import { CLIENT_EXCEPTIONS } from '../generated/contract.ts'
import { currentSettings } from '../storage.ts'
import type { CheckoutSessionComponentProps, ComponentHandle, Locale } from '../types.ts'
import { element, resolveMountElement } from './mount.ts'

/** Messages the checkout iframe sends (the contract's `CheckoutFrameMessage`). */
type FrameMessage =
  | { source: 'plazo-checkout'; type: 'ready' }
  | { source: 'plazo-checkout'; type: 'loaded' }
  | { source: 'plazo-checkout'; type: 'resize'; height: number }
  | { source: 'plazo-checkout'; type: 'complete'; status: string; checkout_session_id: string }
  | { source: 'plazo-checkout'; type: 'cancel'; checkout_session_id: string }
  | { source: 'plazo-checkout'; type: 'error'; status: number; exception: string; message: string }

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
/** How long the checkout may take to be ready, unless `loadTimeout` says (documented on the prop). */
export const DEFAULT_LOAD_TIMEOUT = 15_000

function isFrameMessage(data: unknown): data is FrameMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { source?: unknown }).source === 'plazo-checkout' &&
    typeof (data as { type?: unknown }).type === 'string'
  )
}

function loadTimeoutOf(props: CheckoutSessionComponentProps): number {
  const value = props.loadTimeout ?? DEFAULT_LOAD_TIMEOUT
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new Error(`Plazo: loadTimeout must be a positive number of milliseconds, got ${String(value)}.`)
  }
  return value
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
  loadTimeoutOf(props)
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
  let timer: ReturnType<typeof setTimeout> | undefined

  // The merchant's "Loading…" must not stay forever: a frame that never loads (blocked, offline, a wrong
  // baseUrl) sends no message at all, so only a timer can tell.
  function waitUntilLoaded(): void {
    clearTimeout(timer)
    const timeout = loadTimeoutOf(current)
    timer = setTimeout(() => {
      timer = undefined
      if (!mounted) return
      current.onError?.(
        new PlazoError({
          message: `The Plazo checkout (${src}) was not ready within ${timeout} ms: check that this page can reach ${apiOrigin} (network, your Content-Security-Policy's frame-src) and that init's baseUrl is right.`,
          status: 0,
          exception: CLIENT_EXCEPTIONS.frameTimeout,
          locale: locale(),
        }),
      )
    }, timeout)
  }

  function settled(): void {
    clearTimeout(timer)
    timer = undefined
  }

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
        // The frame listens: it gets the secret now, and is usable once it has read the session ('loaded').
        ready = true
        sendInit()
        break
      case 'loaded':
        settled()
        current.onReady?.()
        break
      case 'resize':
        if (typeof data.height === 'number' && Number.isFinite(data.height)) {
          const height = Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(data.height)))
          iframe.style.height = `${height}px`
        }
        break
      case 'complete':
        settled()
        current.onComplete?.({ status: data.status as never, checkoutSessionId: data.checkout_session_id })
        break
      case 'cancel':
        settled()
        current.onCancel?.({ checkoutSessionId: data.checkout_session_id })
        break
      case 'error':
        settled()
        current.onError?.(
          new PlazoError({
            message: String(data.message),
            status: typeof data.status === 'number' ? data.status : 0,
            exception:
              typeof data.exception === 'string' ? data.exception : CLIENT_EXCEPTIONS.unexpectedResponse,
            locale: locale(),
          }),
        )
        break
    }
  }

  window.addEventListener('message', onMessage)
  waitUntilLoaded()
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
      // Another session is read anew: it must be ready in time too, and onReady tells when it is.
      if (before.clientSecret !== current.clientSecret) waitUntilLoaded()
      if (ready && changed) sendInit()
    },
    unmount() {
      if (!mounted) return
      mounted = false
      settled()
      window.removeEventListener('message', onMessage)
      iframe.remove()
    },
  }
}
