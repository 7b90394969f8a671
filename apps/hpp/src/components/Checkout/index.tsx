import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react'
import {
  type CheckoutApi,
  ClientApiError,
  type ClientOutcome,
  type ClientSession,
  type Offer,
} from '../../api.ts'
import { dateTime, money } from '../../format.ts'
import { fill, useI18n } from '../../i18n/index.tsx'
import { screenOf } from '../../pages/screens.tsx'
import { phoneCountryOf } from '../../phone-number.ts'
import {
  checkValues,
  customerFrom,
  errorKeyOf,
  type FieldPath,
  fieldOfError,
  fieldsFor,
  type InputContext,
  relocalise,
  tidy,
  type Values,
} from '../CustomerForm/fields.ts'
import { CustomerForm } from '../CustomerForm/index.tsx'
import { PaymentMethods } from '../PaymentMethods/index.tsx'
import styles from './styles.module.css'

export interface CheckoutProps {
  session: ClientSession
  api: CheckoutApi
  /** What happened after confirm or cancel; the page decides where the customer goes. */
  onOutcome: (outcome: ClientOutcome) => void
  /** A notice to show above the form (a denied method). */
  notice?: string | null
}

function initialValues(session: ClientSession): Values {
  const c = session.customer
  return {
    first_name: c?.first_name ?? '',
    last_name: c?.last_name ?? '',
    email: c?.email ?? '',
    phone_number: c?.phone_number ?? '',
    document_number: c?.document_number ?? '',
    'main_residence_details.address.country': session.purchase_country,
    'document_details.nationality': session.purchase_country,
    'income.net_income.type': 'monthly',
  }
}

const ALL_FIELDS = fieldsFor('full')

/** The checkout itself: order summary, payment methods and terms, the customer's details, confirm or cancel. */
export function Checkout({ session, api, onOutcome, notice }: CheckoutProps) {
  const { t, lang, locale } = useI18n()
  const available = session.payment_methods.filter((m) => m.status === 'initial')
  const [method, setMethod] = useState<string | undefined>(
    available.length === 1 ? available[0]?.type : undefined,
  )
  const [periods, setPeriods] = useState<Record<string, number>>({})
  // The grace period chosen per method, and the offers the API last priced with one (the session's have none).
  const [graces, setGraces] = useState<Record<string, number>>({})
  const [priced, setPriced] = useState<Record<string, { grace: number; offers: Offer[] }>>({})
  const pricingRequest = useRef(0)
  const [values, setValues] = useState<Values>(() => initialValues(session))
  const [errors, setErrors] = useState<Partial<Record<FieldPath, keyof typeof t.errors>>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState<'confirm' | 'cancel' | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const alertRef = useRef<HTMLDivElement>(null)
  // Counts the denials, so each one (and not a change of language, which rewrites the notice) moves the focus.
  const [denials, setDenials] = useState(0)

  // The customer confirmed at the bottom of the form, and the button they pressed was disabled meanwhile: the
  // notice at the top would be off-screen and the focus on the body. Bring it into view and focus it, which
  // also has screen readers read it.
  useEffect(() => {
    if (denials === 0) return
    const alert = alertRef.current
    alert?.scrollIntoView({ block: 'center' })
    alert?.focus({ preventScroll: true })
  }, [denials])

  const chosen = session.payment_methods.find((m) => m.type === method && m.status === 'initial')
  const fields = useMemo(() => fieldsFor(chosen?.customer_details ?? 'basic'), [chosen?.customer_details])
  const period = chosen ? (periods[chosen.type] ?? chosen.offers[0]?.period) : undefined
  const grace = chosen ? (graces[chosen.type] ?? 0) : 0
  const last = chosen ? priced[chosen.type] : undefined
  const pricing = grace > 0 && last?.grace !== grace
  const shownOffers = grace > 0 ? last?.offers : undefined
  const context: InputContext = { locale, phoneCountry: phoneCountryOf(lang, session.purchase_country) }

  // Amounts already typed follow a change of language (2.500 in Spanish is 2,500 in English, not 2.5).
  const [valuesLocale, setValuesLocale] = useState(locale)
  if (valuesLocale !== locale) {
    setValuesLocale(locale)
    setValues((v) => relocalise(ALL_FIELDS, v, valuesLocale, locale))
  }

  const focusFirstError = (paths: FieldPath[]) => {
    requestAnimationFrame(() => {
      const first = fields.find((f) => paths.includes(f.path))
      const element = first ? formRef.current?.querySelector<HTMLElement>(`[name="${first.path}"]`) : null
      ;(element ?? alertRef.current)?.focus()
    })
  }

  const failed = async (error: unknown) => {
    if (error instanceof ClientApiError && error.status === 400) {
      const mapped: Partial<Record<FieldPath, keyof typeof t.errors>> = {}
      for (const e of error.schemaErrors) {
        const path = fieldOfError(fields, values, e)
        if (path && !mapped[path])
          mapped[path] = errorKeyOf(
            fields.find((f) => f.path === path),
            e,
          )
      }
      setErrors(mapped)
      setFormError(t.errors.form)
      focusFirstError(Object.keys(mapped) as FieldPath[])
    } else if (error instanceof ClientApiError && error.status === 409) {
      // The session moved on while the form was open (the link expired, the shop cancelled the order…): the
      // page shows where it stands. Only a session still open to the customer gets the generic message.
      const now = await api.load().catch(() => undefined)
      if (now && screenOf(now) !== 'checkout') {
        onOutcome({ status: now.status, payment_intent_status: null, redirect_url: null, session: now })
        return
      }
      setFormError(t.errors.conflict)
      requestAnimationFrame(() => alertRef.current?.focus())
    } else {
      setFormError(t.errors.network)
      requestAnimationFrame(() => alertRef.current?.focus())
    }
  }

  // The customer puts off the first instalment: the API prices every offer of the method with that grace (the
  // page computes no loan). Only the latest choice's answer is shown; a failure goes back to the last priced.
  const chooseGrace = async (type: string, months: number) => {
    setGraces((all) => ({ ...all, [type]: months }))
    if (months === 0 || priced[type]?.grace === months) return
    const request = ++pricingRequest.current
    try {
      const view = await api.load(months)
      if (request !== pricingRequest.current) return
      const offers = view.payment_methods.find((m) => m.type === type)?.offers ?? []
      setPriced((all) => ({ ...all, [type]: { grace: months, offers } }))
    } catch {
      if (request !== pricingRequest.current) return
      setGraces((all) => ({ ...all, [type]: priced[type]?.grace ?? 0 }))
      setFormError(t.errors.network)
      requestAnimationFrame(() => alertRef.current?.focus())
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy || pricing) return
    if (!chosen) {
      setFormError(t.chooseMethod)
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('input[name="payment_method"]:not(:disabled)')?.focus(),
      )
      return
    }
    const found = checkValues(fields, values, context)
    setErrors(found)
    if (Object.keys(found).length > 0) {
      setFormError(t.errors.form)
      focusFirstError(Object.keys(found) as FieldPath[])
      return
    }
    setFormError(null)
    setBusy('confirm')
    try {
      const outcome = await api.complete({
        payment_method_type: chosen.type,
        ...(period === undefined ? {} : { period }),
        ...(chosen.max_grace_period > 0 ? { grace_period: grace } : {}),
        customer: customerFrom(fields, values, context),
      })
      onOutcome(outcome)
      // Rendered in the same commit as the notice the page sets in onOutcome.
      if (outcome.payment_intent_status === 'denied' && !outcome.redirect_url) setDenials((n) => n + 1)
    } catch (error) {
      await failed(error)
    } finally {
      setBusy(null)
    }
  }

  const cancel = async () => {
    if (busy) return
    setBusy('cancel')
    try {
      onOutcome(await api.desist())
    } catch (error) {
      await failed(error)
    } finally {
      setBusy(null)
    }
  }

  const change = (path: FieldPath, value: string) => {
    setValues((v) => ({ ...v, [path]: value }))
    if (errors[path]) setErrors(({ [path]: _, ...rest }) => rest)
  }

  const blur = (path: FieldPath) => {
    const field = fields.find((f) => f.path === path)
    if (!field) return
    setValues((v) => {
      const typed = v[path] ?? ''
      const shown = tidy(field, typed, context)
      return shown === typed ? v : { ...v, [path]: shown }
    })
  }

  const fieldErrors = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, t.errors[v]]))

  return (
    <form ref={formRef} className={styles.checkout} onSubmit={submit} noValidate aria-busy={busy !== null}>
      <section aria-labelledby="order-title" className={styles.order}>
        <h1 id="order-title" className={styles.h2}>
          {t.orderSummary}
        </h1>
        <ul className={styles.lines}>
          {session.lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: order lines have no id here and never reorder
            <li key={i}>
              <span>
                {line.name} <span className={styles.muted}>· {fill(t.quantity, { n: line.units })}</span>
              </span>
              <span>{money(locale, line.total)}</span>
            </li>
          ))}
        </ul>
        <p className={styles.total}>
          <span>{t.total}</span>
          <strong data-testid="order-total">{money(locale, session.total)}</strong>
        </p>
        {session.expires_at ? (
          <p className={styles.muted}>{fill(t.expiresAt, { date: dateTime(locale, session.expires_at) })}</p>
        ) : null}
      </section>

      <div
        ref={alertRef}
        tabIndex={-1}
        role="alert"
        className={notice || formError ? styles.alert : styles.hidden}
      >
        {notice ? <p>{notice}</p> : null}
        {formError ? <p>{formError}</p> : null}
      </div>

      <PaymentMethods
        session={session}
        api={api}
        method={chosen?.type}
        period={period}
        onMethod={(type) => {
          setMethod(type)
          setFormError(null)
        }}
        onPeriod={(p) => chosen && setPeriods((all) => ({ ...all, [chosen.type]: p }))}
        grace={grace}
        onGrace={(months) => chosen && void chooseGrace(chosen.type, months)}
        shownOffers={shownOffers}
        pricing={pricing}
      />

      {chosen ? (
        <section aria-labelledby="details-title">
          <h2 id="details-title" className={styles.h2}>
            {t.yourDetails}
          </h2>
          <CustomerForm
            fields={fields}
            values={values}
            errors={fieldErrors}
            onChange={change}
            onBlur={blur}
          />
        </section>
      ) : null}

      <div className={styles.actions}>
        {/* The customer confirms the figures shown: not while those of a new grace period are on their way. */}
        <button type="submit" className={styles.primary} disabled={busy !== null || pricing}>
          {busy === 'confirm' ? t.processing : t.confirm}
        </button>
        <button type="button" className={styles.secondary} onClick={cancel} disabled={busy !== null}>
          {t.cancel}
        </button>
      </div>
    </form>
  )
}
