import type { CheckoutFrameMessage, CheckoutHostMessage } from '@plazo/contract'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import {
  type CheckoutApi,
  ClientApiError,
  type ClientOutcome,
  type ClientSession,
  embeddedApi,
} from '../api.ts'
import { Checkout } from '../components/Checkout/index.tsx'
import { Layout } from '../components/Layout/index.tsx'
import { StatusPage } from '../components/StatusPage/index.tsx'
import { money } from '../format.ts'
import { fill, isLang, useI18n } from '../i18n/index.tsx'
import { RULES } from '../rules.ts'
import { screenOf } from './screens.tsx'

type Outgoing = CheckoutFrameMessage extends infer M ? (M extends unknown ? Omit<M, 'source'> : never) : never
type ErrorMessage = Extract<Outgoing, { type: 'error' }>

/**
 * The origin of the page that framed us: the `origin` parameter checkout-js puts in the iframe URL, else the
 * referrer's. Messages from anywhere else are ignored, and ours go only there.
 */
export function parentOrigin(search: string, referrer: string): string | null {
  const given = new URLSearchParams(search).get('origin')
  for (const candidate of [given, referrer]) {
    if (!candidate) continue
    try {
      const origin = new URL(candidate).origin
      if (origin !== 'null') return origin
    } catch {
      // not a URL: try the next one
    }
  }
  return null
}

function isInit(data: unknown): data is CheckoutHostMessage {
  const message = data as Partial<CheckoutHostMessage> | null
  return (
    typeof message === 'object' &&
    message !== null &&
    message.source === 'plazo-checkout' &&
    message.type === 'init' &&
    typeof message.client_secret === 'string'
  )
}

/**
 * Why the session could not be read, for the merchant's developer: checkout-js hands it to `onError` as a
 * PlazoError (the customer reads the localized text checkout-js adds, and this page).
 */
function loadError(error: unknown, origin: string): ErrorMessage {
  if (error instanceof ClientApiError && error.status === 0) {
    return {
      type: 'error',
      status: 0,
      exception: RULES.clientExceptions.networkError,
      message: `The Plazo checkout could not reach the Plazo API (${origin}/api/v2/client/embedded): no answer.`,
    }
  }
  if (error instanceof ClientApiError) {
    const exception = error.exception ?? RULES.clientExceptions.unexpectedResponse
    return {
      type: 'error',
      status: error.status,
      exception,
      message:
        error.status === 401
          ? `The API refused the client secret (401 ${exception}): pass the client_secret your server received when it created the embedded session.`
          : `The API answered ${error.status} ${exception} when the checkout read the session: ${error.message}`,
    }
  }
  return {
    type: 'error',
    status: 0,
    exception: RULES.clientExceptions.unexpectedResponse,
    message: `The checkout could not read the session: ${error instanceof Error ? error.message : String(error)}`,
  }
}

type State =
  | { kind: 'waiting' }
  | { kind: 'loading' }
  | { kind: 'denied' }
  | { kind: 'unreachable' }
  | { kind: 'ready'; session: ClientSession; secret: string }

/** The embedded checkout (`/embedded`), framed by checkout-js in the merchant's page. */
export function EmbeddedPage() {
  const { t, setCountry, setLang } = useI18n()
  const origin = useMemo(() => parentOrigin(window.location.search, document.referrer), [])
  const [secret, setSecret] = useState<string | null>(null)
  const api = useMemo(() => (secret ? embeddedApi(secret) : null), [secret])
  const downPaymentApi = useMemo(() => (secret ? embeddedApi(secret, true) : null), [secret])
  const [state, setState] = useState<State>({ kind: 'waiting' })
  const [notice, setNotice] = useState<string | null>(null)
  const [preferred, setPreferred] = useState<string | undefined>()
  const announced = useRef<string | null>(null)
  const readySent = useRef(false)
  const loadedFor = useRef<string | null>(null)
  const content = useRef<HTMLDivElement>(null)

  const post = useCallback(
    (message: Outgoing) => {
      if (origin && window.parent !== window)
        window.parent.postMessage({ source: 'plazo-checkout', ...message }, origin)
    },
    [origin],
  )

  // Tell the parent we listen, then wait for the client secret (sent again when it changes).
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent || event.origin !== origin || !isInit(event.data)) return
      if (isLang(event.data.locale)) setLang(event.data.locale)
      setPreferred(event.data.payment_method_type)
      setSecret(event.data.client_secret)
    }
    window.addEventListener('message', onMessage)
    if (!readySent.current) {
      readySent.current = true
      post({ type: 'ready' })
    }
    return () => window.removeEventListener('message', onMessage)
  }, [origin, post, setLang])

  const load = useCallback(async () => {
    if (!api || !secret) return
    setState({ kind: 'loading' })
    try {
      const session = await api.load()
      setCountry(session.purchase_country)
      setState({ kind: 'ready', session, secret })
    } catch (error) {
      setState({ kind: error instanceof ClientApiError && error.status === 0 ? 'unreachable' : 'denied' })
      post(loadError(error, window.location.origin))
    }
  }, [api, secret, post, setCountry])

  useEffect(() => {
    void load()
  }, [load])

  // The parent sizes the iframe to the content, both ways. The content's own box, not the document's
  // scrollHeight: that is never less than the iframe's viewport, so the iframe could grow but never shrink.
  useEffect(() => {
    const node = content.current
    if (!node) return
    const observer = new ResizeObserver(() =>
      post({ type: 'resize', height: node.getBoundingClientRect().height }),
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [post])

  const session = state.kind === 'ready' ? state.session : undefined
  const screen = session ? screenOf(session) : undefined

  // The customer can use the checkout once its session was read with the secret: once per secret.
  useEffect(() => {
    if (state.kind !== 'ready' || screen === 'expired' || loadedFor.current === state.secret) return
    loadedFor.current = state.secret
    post({ type: 'loaded' })
  }, [state, screen, post])

  // Each final state is announced once: the merchant's page takes over from there. An expired session is an
  // error: the merchant must create a new one.
  useEffect(() => {
    if (!session || !screen || announced.current === `${session.checkout_session_id}:${screen}`) return
    if (screen === 'checkout' || screen === 'onHold') return
    announced.current = `${session.checkout_session_id}:${screen}`
    if (screen === 'expired')
      post({
        type: 'error',
        status: 0,
        exception: RULES.clientExceptions.sessionExpired,
        message: `Checkout session ${session.checkout_session_id} has expired: create a new session on your server and mount the checkout with its client_secret.`,
      })
    else if (session.status === 'desisted')
      post({ type: 'cancel', checkout_session_id: session.checkout_session_id })
    else post({ type: 'complete', status: session.status, checkout_session_id: session.checkout_session_id })
  }, [session, screen, post])

  const onOutcome = (outcome: ClientOutcome) => {
    const selected = outcome.session.selected_payment_method_type
    setNotice(
      outcome.payment_intent_status === 'denied' && selected
        ? fill(t.deniedNotice, { method: t.methods[selected] })
        : null,
    )
    if (secret) setState({ kind: 'ready', session: outcome.session, secret })
  }

  if (!origin) {
    return (
      <Layout embedded>
        <StatusPage title={t.errorTitle} text={t.unknownText} tone="warning" />
      </Layout>
    )
  }
  return (
    // flow-root: the box holds its children's margins, so its height is all the content takes.
    <div ref={content} style={{ display: 'flow-root' }}>
      <Layout embedded session={session}>
        {state.kind === 'waiting' || state.kind === 'loading' ? <p role="status">{t.loading}</p> : null}
        {state.kind === 'denied' ? (
          <StatusPage title={t.unknownTitle} text={t.unknownText} tone="warning" />
        ) : null}
        {state.kind === 'unreachable' ? (
          <StatusPage
            title={t.errorTitle}
            text={t.errors.network}
            tone="warning"
            action={{ label: t.retry, onClick: () => void load() }}
          />
        ) : null}
        {session && api && screen === 'checkout' ? (
          <Checkout
            key={preferred ?? ''}
            session={preferSelected(session, preferred)}
            api={api}
            onOutcome={onOutcome}
            notice={notice}
          />
        ) : null}
        {session && screen === 'completed' ? (
          <StatusPage title={t.completedTitle} text={t.completedText} tone="success" />
        ) : null}
        {session && screen === 'closed' ? <StatusPage title={t.closedTitle} text={t.closedText} /> : null}
        {session && screen === 'expired' ? (
          <StatusPage title={t.expiredTitle} text={t.expiredText} tone="warning" />
        ) : null}
        {session && screen === 'cancelled' ? (
          <StatusPage title={t.cancelledTitle} text={t.cancelledText} />
        ) : null}
        {session && screen === 'onHold' ? <StatusPage title={t.processing} text={t.onHold} /> : null}
        {session && downPaymentApi && screen === 'downPayment' ? (
          <DownPayment parent={session} api={downPaymentApi} onFinished={() => void load()} />
        ) : null}
      </Layout>
    </div>
  )
}

/** A challenge: the down payment is paid here, then the order goes on (or ends) by itself. */
function DownPayment({
  parent,
  api,
  onFinished,
}: {
  parent: ClientSession
  api: CheckoutApi
  onFinished: () => void
}) {
  const { t, locale } = useI18n()
  const [child, setChild] = useState<ClientSession | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once per down-payment session
  useEffect(() => {
    api.load().then(setChild, () => setFailed(true))
  }, [parent.down_payment?.checkout_session_id])

  const onOutcome = (outcome: ClientOutcome) => {
    if (['confirmed', 'denied', 'desisted'].includes(outcome.status)) return onFinished()
    const selected = outcome.session.selected_payment_method_type
    setNotice(
      outcome.payment_intent_status === 'denied' && selected
        ? fill(t.deniedNotice, { method: t.methods[selected] })
        : null,
    )
    setChild(outcome.session)
  }

  return (
    <div>
      <StatusPage
        title={t.downPaymentTitle}
        text={`${fill(t.downPaymentText, { amount: money(locale, parent.down_payment?.amount ?? 0) })}${failed ? ` ${t.downPaymentElsewhere}` : ''}`}
      />
      {child ? <Checkout session={child} api={api} onOutcome={onOutcome} notice={notice} /> : null}
    </div>
  )
}

/** checkout-js can preselect a method (`payment_method_type` of init): offer it first. */
function preferSelected(session: ClientSession, preferred: string | undefined): ClientSession {
  if (!preferred || !session.payment_methods.some((m) => m.type === preferred && m.status === 'initial'))
    return session
  return { ...session, payment_methods: session.payment_methods.filter((m) => m.type === preferred) }
}
