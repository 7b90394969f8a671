import { useCallback, useEffect, useMemo, useState } from 'react'
import { ClientApiError, type ClientOutcome, type ClientSession, hostedPageApi } from '../api.ts'
import { Checkout } from '../components/Checkout/index.tsx'
import { Layout } from '../components/Layout/index.tsx'
import { StatusPage } from '../components/StatusPage/index.tsx'
import { money } from '../format.ts'
import { fill, useI18n } from '../i18n/index.tsx'
import { screenOf } from './screens.tsx'

type State =
  | { kind: 'loading' }
  | { kind: 'unknown' }
  | { kind: 'error' }
  | { kind: 'redirecting' }
  | { kind: 'ready'; session: ClientSession }

const POLL_MS = 3000

/** The hosted payment page (`/hpp/{hpp_id}`): the checkout, then back to the shop's success or cancel URL. */
export function HostedPage({ hppId }: { hppId: string }) {
  const { t, locale, setCountry } = useI18n()
  const api = useMemo(() => hostedPageApi(hppId), [hppId])
  const [state, setState] = useState<State>({ kind: 'loading' })
  // The method just refused; its notice is written at render, so it follows a change of language.
  const [denied, setDenied] = useState<ClientSession['selected_payment_method_type']>(null)

  const load = useCallback(async () => {
    try {
      const session = await api.load()
      setCountry(session.purchase_country)
      setState({ kind: 'ready', session })
      return session
    } catch (error) {
      setState({ kind: error instanceof ClientApiError && error.status === 404 ? 'unknown' : 'error' })
      return undefined
    }
  }, [api, setCountry])

  useEffect(() => {
    void load()
  }, [load])

  const go = useCallback((url: string) => {
    setState({ kind: 'redirecting' })
    window.location.assign(url)
  }, [])

  const onOutcome = (outcome: ClientOutcome) => {
    if (outcome.redirect_url) return go(outcome.redirect_url)
    setDenied(
      outcome.payment_intent_status === 'denied' ? outcome.session.selected_payment_method_type : null,
    )
    setState({ kind: 'ready', session: outcome.session })
  }

  const session = state.kind === 'ready' ? state.session : undefined
  const screen = session ? screenOf(session) : undefined
  const notice = denied ? fill(t.deniedNotice, { method: t.methods[denied] }) : null

  // While the lender reviews the application, ask again; once approved, off to the shop.
  useEffect(() => {
    if (screen !== 'onHold') return
    const timer = setInterval(async () => {
      const next = await load()
      if (next && screenOf(next) === 'completed' && next.success_url) go(next.success_url)
    }, POLL_MS)
    return () => clearInterval(timer)
  }, [screen, load, go])

  return (
    <Layout session={session}>
      {state.kind === 'loading' ? <p role="status">{t.loading}</p> : null}
      {state.kind === 'redirecting' ? <p role="status">{t.redirecting}</p> : null}
      {state.kind === 'unknown' ? <StatusPage title={t.unknownTitle} text={t.unknownText} /> : null}
      {state.kind === 'error' ? (
        <StatusPage
          title={t.errorTitle}
          text={t.errors.network}
          tone="warning"
          action={{ label: t.retry, onClick: () => void load() }}
        />
      ) : null}
      {session && screen === 'checkout' ? (
        <Checkout session={session} api={api} onOutcome={onOutcome} notice={notice} />
      ) : null}
      {session && screen === 'expired' ? (
        <StatusPage
          title={t.expiredTitle}
          text={t.expiredText}
          tone="warning"
          action={{ label: t.backToShop, href: session.cancel_url }}
        />
      ) : null}
      {session && screen === 'cancelled' ? (
        <StatusPage
          title={t.cancelledTitle}
          text={t.cancelledText}
          action={{ label: t.backToShop, href: session.cancel_url }}
        />
      ) : null}
      {session && screen === 'completed' ? (
        <StatusPage
          title={t.completedTitle}
          text={t.completedText}
          tone="success"
          action={{ label: t.backToShop, href: session.success_url }}
        />
      ) : null}
      {session && screen === 'closed' ? (
        // Refused by the lender for every method, or given up by the customer: not the same news.
        <StatusPage
          title={session.status === 'denied' ? t.deniedTitle : t.closedTitle}
          text={session.status === 'denied' ? t.deniedText : t.closedText}
          action={{ label: t.backToShop, href: session.cancel_url }}
        />
      ) : null}
      {session && screen === 'onHold' ? <StatusPage title={t.processing} text={t.onHold} /> : null}
      {session && screen === 'downPayment' ? (
        <StatusPage
          title={t.downPaymentTitle}
          text={fill(t.downPaymentText, { amount: money(locale, session.down_payment?.amount ?? 0) })}
          action={
            session.down_payment?.redirect_url
              ? { label: t.payDownPayment, href: session.down_payment.redirect_url }
              : undefined
          }
        />
      ) : null}
    </Layout>
  )
}
