import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { ClientApiError, type ClientSession, distribute, hostedPageApi } from '../api.ts'
import { Layout } from '../components/Layout/index.tsx'
import { StatusPage } from '../components/StatusPage/index.tsx'
import { money } from '../format.ts'
import { fill, useI18n } from '../i18n/index.tsx'
import { normalisePhone, phoneCountryOf } from '../phone-number.ts'
import { RULES } from '../rules.ts'
import styles from './DistributePage.module.css'

const EMAIL = new RegExp(RULES.emailPattern)

type Result = { tone: 'ok' | 'error'; text: string } | null

/** `distribution_url`: store staff type the customer's e-mail or phone and the payment link is sent to it. */
export function DistributePage({ hppId }: { hppId: string }) {
  const { t, lang, locale, setCountry } = useI18n()
  const [session, setSession] = useState<ClientSession | null | 'unknown'>(null)
  const [recipient, setRecipient] = useState('')
  const [invalid, setInvalid] = useState(false)
  const [result, setResult] = useState<Result>(null)
  const [busy, setBusy] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const id = useId()

  useEffect(() => {
    hostedPageApi(hppId)
      .load()
      .then((s) => {
        setCountry(s.purchase_country)
        setSession(s)
      })
      .catch(() => setSession('unknown'))
  }, [hppId, setCountry])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const typed = recipient.trim()
    // Staff type the number the customer dictates (600 123 456): the API takes it in E.164.
    const country = phoneCountryOf(lang, session && session !== 'unknown' ? session.purchase_country : '')
    const value = EMAIL.test(typed) ? typed : normalisePhone(typed, country)
    if (value === undefined || !(EMAIL.test(value) || new RegExp(RULES.phonePattern).test(value))) {
      setInvalid(true)
      setResult(null)
      input.current?.focus()
      return
    }
    setInvalid(false)
    setBusy(true)
    try {
      const sent = await distribute(hppId, value)
      setResult({
        tone: 'ok',
        text: fill(sent.channel === 'email' ? t.sentEmail : t.sentSms, { recipient: sent.recipient }),
      })
      setRecipient('')
    } catch (error) {
      const status = error instanceof ClientApiError ? error.status : 0
      if (status === 400) {
        setInvalid(true)
        input.current?.focus()
      } else if (status === 429) {
        const minutes = Math.ceil(((error as ClientApiError).retryAfterSeconds ?? 3600) / 60)
        setResult({ tone: 'error', text: fill(t.rateLimited, { minutes }) })
      } else {
        setResult({ tone: 'error', text: status === 409 ? t.notPayable : t.errors.network })
      }
    } finally {
      setBusy(false)
    }
  }

  if (session === 'unknown') {
    return (
      <Layout>
        <StatusPage title={t.unknownTitle} text={t.unknownText} />
      </Layout>
    )
  }
  return (
    <Layout session={session ?? undefined}>
      {session === null ? (
        <p role="status">{t.loading}</p>
      ) : (
        <div className={styles.page}>
          <h1>{t.distributeTitle}</h1>
          <p>
            {fill(t.distributeIntro, {
              amount: money(locale, session.total),
              merchant: session.merchant_name,
            })}
          </p>
          <form className={styles.form} onSubmit={submit} noValidate>
            <label htmlFor={id}>{t.recipient}</label>
            <input
              ref={input}
              id={id}
              name="recipient"
              type="text"
              inputMode="email"
              autoComplete="off"
              value={recipient}
              aria-invalid={invalid || undefined}
              aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ''}`}
              onChange={(e) => setRecipient(e.target.value)}
            />
            <p id={`${id}-hint`} className={styles.hint}>
              {t.hints.phone}
            </p>
            {invalid ? (
              <p id={`${id}-error`} className={styles.error}>
                {t.recipientInvalid}
              </p>
            ) : null}
            <button type="submit" disabled={busy}>
              {busy ? t.sending : t.send}
            </button>
          </form>
          <div role="status" className={result?.tone === 'error' ? styles.error : styles.ok}>
            {result?.text}
          </div>
          <figure className={styles.qr}>
            <img src={`/hpp/${encodeURIComponent(hppId)}/qr`} alt={t.qrAlt} width={200} height={200} />
            <figcaption>{t.qrHint}</figcaption>
          </figure>
        </div>
      )}
    </Layout>
  )
}
