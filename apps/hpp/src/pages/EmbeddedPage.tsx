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
import { screenOf } from './screens.tsx'

type Outgoing = CheckoutFrameMessage extends infer M ? (M extends unknown ? Omit<M, 'source'> : never) : never

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

type State =
  | { kind: 'waiting' }
  | { kind: 'loading' }
  | { kind: 'denied' }
  | { kind: 'ready'; session: ClientSession }

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
    if (!api) return
    setState({ kind: 'loading' })
    try {
      const session = await api.load()
      setCountry(session.purchase_country)
      setState({ kind: 'ready', session })
    } catch (error) {
      setState({ kind: 'denied' })
      post({
        type: 'error',
        message:
          error instanceof ClientApiError && error.status === 401
            ? 'invalid client_secret'
            : error instanceof Error
              ? error.message
              : 'error',
      })
    }
  }, [api, post, setCountry])

  useEffect(() => {
    void load()
  }, [load])

  // The parent sizes the iframe to its content.
  useEffect(() => {
    const observer = new ResizeObserver(() =>
      post({ type: 'resize', height: document.documentElement.scrollHeight }),
    )
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [post])

  const session = state.kind === 'ready' ? state.session : undefined
  const screen = session ? screenOf(session) : undefined

  // Each final state is announced once: the merchant's page takes over from there.
  useEffect(() => {
    if (!session || !screen || announced.current === `${session.checkout_session_id}:${screen}`) return
    if (screen === 'checkout' || screen === 'onHold') return
    announced.current = `${session.checkout_session_id}:${screen}`
    if (session.status === 'desisted')
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
    setState({ kind: 'ready', session: outcome.session })
  }

  if (!origin) {
    return (
      <Layout embedded>
        <StatusPage title={t.errorTitle} text={t.unknownText} tone="warning" />
      </Layout>
    )
  }
  return (
    <Layout embedded session={session}>
      {state.kind === 'waiting' || state.kind === 'loading' ? <p role="status">{t.loading}</p> : null}
      {state.kind === 'denied' ? (
        <StatusPage title={t.unknownTitle} text={t.unknownText} tone="warning" />
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
