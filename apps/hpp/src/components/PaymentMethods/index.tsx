import type { CheckoutApi, ClientPaymentMethod, ClientSession, Offer } from '../../api.ts'
import { money, percent } from '../../format.ts'
import { firstDueMonth, graceChoices } from '../../grace.ts'
import { fill, plural, useI18n } from '../../i18n/index.tsx'
import { CreditInformation } from '../CreditInformation/index.tsx'
import styles from './styles.module.css'

/**
 * The regular instalment of an offer: the amount most instalments have. The first can carry an upfront fee or
 * insurance and the last absorbs the rounding, so neither is shown as "n × amount".
 */
export function regularInstalment(offer: Offer): number {
  const counts = new Map<number, number>()
  for (const row of offer.schedule) counts.set(row.amount, (counts.get(row.amount) ?? 0) + 1)
  let best: number | undefined
  let bestCount = 0
  for (const [amount, count] of counts) {
    if (count > bestCount) {
      best = amount
      bestCount = count
    }
  }
  return best ?? offer.total_payable
}

export interface PaymentMethodsProps {
  session: ClientSession
  /** Reads the SECCI of the offer shown. */
  api: CheckoutApi
  method: string | undefined
  period: number | undefined
  onMethod: (type: string) => void
  onPeriod: (period: number) => void
  /** The grace period chosen for the chosen method, in months (0: the first instalment next month). */
  grace: number
  onGrace: (months: number) => void
  /**
   * The chosen method's offers priced by the API with `grace` (the session's are without one); while `pricing`,
   * the last ones fetched, shown faded.
   */
  shownOffers: Offer[] | undefined
  pricing: boolean
}

/**
 * The payment methods as a radio group; the chosen one shows its terms, when the first instalment falls due
 * (when the method allows a grace period) and the conditions of the chosen term.
 */
export function PaymentMethods({
  session,
  api,
  method,
  period,
  onMethod,
  onPeriod,
  grace,
  onGrace,
  shownOffers,
  pricing,
}: PaymentMethodsProps) {
  const { t, locale } = useI18n()
  return (
    <fieldset className={styles.methods}>
      <legend className={styles.legend}>{t.chooseMethod}</legend>
      {session.payment_methods.map((m) => {
        const available = m.status === 'initial'
        const id = `method-${m.type}`
        const checked = method === m.type
        return (
          <div key={m.type} className={`${styles.method} ${checked ? styles.checked : ''}`}>
            <input
              type="radio"
              id={id}
              name="payment_method"
              value={m.type}
              checked={checked}
              disabled={!available}
              aria-describedby={`${id}-summary`}
              onChange={() => onMethod(m.type)}
            />
            <label htmlFor={id} className={styles.methodLabel}>
              <span className={styles.methodName}>{t.methods[m.type]}</span>
              <span id={`${id}-summary`} className={styles.summary}>
                {available ? summaryOf(m, session, t, locale) : t.notAvailable}
              </span>
            </label>
            {checked && available && m.offers.length > 0 ? (
              <Terms
                session={session}
                api={api}
                method={m}
                offers={shownOffers ?? m.offers}
                period={period}
                onPeriod={onPeriod}
                grace={grace}
                onGrace={onGrace}
                pricing={pricing}
              />
            ) : null}
          </div>
        )
      })}
    </fieldset>
  )
}

function summaryOf(
  m: ClientPaymentMethod,
  session: ClientSession,
  t: ReturnType<typeof useI18n>['t'],
  locale: string,
) {
  if (m.offers.length === 0) return fill(t.payNow, { amount: money(locale, session.total) })
  // The teaser's instalment is one offer's: its APR goes beside it.
  const lowest = m.offers.reduce((a, b) => (regularInstalment(b) < regularInstalment(a) ? b : a))
  return fill(t.methodFrom, {
    amount: money(locale, regularInstalment(lowest)),
    apr: percent(locale, lowest.conditions.apr),
  })
}

function Terms({
  session,
  api,
  method,
  offers,
  period,
  onPeriod,
  grace,
  onGrace,
  pricing,
}: {
  session: ClientSession
  api: CheckoutApi
  method: ClientPaymentMethod
  /** The method's offers with the grace period chosen (until those are in, the ones without). */
  offers: Offer[]
  period: number | undefined
  onPeriod: (p: number) => void
  grace: number
  onGrace: (months: number) => void
  /** The offers of the grace period chosen are being fetched: the figures shown are not theirs yet. */
  pricing: boolean
}) {
  const { t, locale } = useI18n()
  const chosen = offers.find((o) => o.period === period) ?? offers[0]
  return (
    <div className={styles.terms}>
      <fieldset className={styles.termList}>
        <legend>{t.chooseTerm}</legend>
        {offers.map((offer) => {
          const id = `term-${method.type}-${offer.period}`
          const count = offer.schedule.length
          return (
            <div key={offer.period} className={styles.term}>
              <input
                type="radio"
                id={id}
                name={`term-${method.type}`}
                value={offer.period}
                checked={chosen?.period === offer.period}
                onChange={() => onPeriod(offer.period)}
              />
              <label htmlFor={id}>
                {count === 1
                  ? fill(t.termOptionSingle, {
                      amount: money(locale, offer.total_payable),
                      apr: percent(locale, offer.conditions.apr),
                    })
                  : fill(t.termOption, {
                      n: count,
                      amount: money(locale, regularInstalment(offer)),
                      apr: percent(locale, offer.conditions.apr),
                    })}
              </label>
            </div>
          )
        })}
      </fieldset>
      {method.max_grace_period > 0 ? <GraceChoice method={method} grace={grace} onGrace={onGrace} /> : null}
      <p className={styles.pricing} role="status">
        {pricing ? t.gracePricing : ''}
      </p>
      {chosen ? (
        <OfferDetails offer={chosen} firstDue={method.max_grace_period > 0} pricing={pricing} />
      ) : null}
      {chosen ? <CreditInformation session={session} api={api} offer={chosen} pricing={pricing} /> : null}
    </div>
  )
}

/** When the first instalment falls due: next month, or later with a grace period the API prices. */
function GraceChoice({
  method,
  grace,
  onGrace,
}: {
  method: ClientPaymentMethod
  grace: number
  onGrace: (months: number) => void
}) {
  const { t } = useI18n()
  const hint = `grace-${method.type}-hint`
  return (
    <fieldset className={styles.termList} aria-describedby={hint}>
      <legend>{t.graceLegend}</legend>
      {graceChoices(method.max_grace_period).map((months) => {
        const id = `grace-${method.type}-${months}`
        return (
          <div key={months} className={styles.term}>
            <input
              type="radio"
              id={id}
              name={`grace-${method.type}`}
              value={months}
              checked={grace === months}
              onChange={() => onGrace(months)}
            />
            <label htmlFor={id}>
              {months === 0 ? t.graceNextMonth : fill(t.graceInMonths, { n: firstDueMonth(months) })}
            </label>
          </div>
        )
      })}
      <p id={hint} className={styles.hint}>
        {t.graceHint}
      </p>
    </fieldset>
  )
}

function OfferDetails({ offer, firstDue, pricing }: { offer: Offer; firstDue: boolean; pricing: boolean }) {
  const { t, locale } = useI18n()
  const first = offer.schedule[0]
  // The APR right after the instalment: the figure a customer compares comes with its cost.
  const rows: Array<[string, string]> = [
    [t.offerInstalment, money(locale, regularInstalment(offer))],
    [t.offerApr, percent(locale, offer.conditions.apr)],
    [t.offerInstalments, String(offer.schedule.length)],
    ...(firstDue && first
      ? [[t.offerFirstDue, plural(locale, t.scheduleMonth, first.month)] as [string, string]]
      : []),
    [t.offerInterest, percent(locale, offer.conditions.interest)],
    [t.offerTotalCost, money(locale, offer.total_cost_of_credit)],
    [t.offerTotalPayable, money(locale, offer.total_payable)],
  ]
  return (
    <div
      className={`${styles.offer} ${pricing ? styles.stale : ''}`}
      data-testid="offer-details"
      aria-busy={pricing}
    >
      <dl className={styles.conditions}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <details className={styles.schedule}>
        <summary>{t.schedule}</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{t.scheduleNumber}</th>
              <th scope="col">{t.scheduleDue}</th>
              <th scope="col">{t.scheduleAmount}</th>
            </tr>
          </thead>
          <tbody>
            {offer.schedule.map((row) => (
              <tr key={row.number}>
                <td>{row.number}</td>
                <td>{plural(locale, t.scheduleMonth, row.month)}</td>
                <td>{money(locale, row.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  )
}
