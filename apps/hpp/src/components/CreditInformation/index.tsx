import { useEffect, useRef, useState } from 'react'
import type { CheckoutApi, ClientSession, Offer, Secci } from '../../api.ts'
import { fill, useI18n } from '../../i18n/index.tsx'
import { RULES } from '../../rules.ts'
import styles from './styles.module.css'

export interface CreditInformationProps {
  session: ClientSession
  api: CheckoutApi
  /** The offer the customer looks at: method, term and grace period. */
  offer: Offer
  /** Its figures are being replaced by those of another grace period: nothing to fetch for them yet. */
  pricing: boolean
}

type Loaded = { key: string; secci: Secci } | { key: string; failed: true }

/**
 * What the customer must know before committing to a credit, beside the offer: who lends (the lender's name and
 * address), the 14-day right of withdrawal under the purchase country's law, in French the warning of L312-5,
 * and the Standard European Consumer Credit Information (SECCI) of the very offer shown. The SECCI is the API's
 * (its texts and figures, in the page's language), read when the customer opens it and again when the offer or
 * the language changes; the hosted page links to its printable page, the embedded checkout prints it.
 */
export function CreditInformation({ session, api, offer, pricing }: CreditInformationProps) {
  const { t, lang } = useI18n()
  const country = session.purchase_country
  const [open, setOpen] = useState(false)
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const request = useRef(0)
  const query = {
    payment_method_type: offer.payment_method_type,
    period: offer.period,
    grace_period: offer.conditions.grace_period,
    lang,
  }
  const key = JSON.stringify(query)

  useEffect(() => {
    if (!open || pricing) return
    const mine = ++request.current
    api.secci(JSON.parse(key)).then(
      (secci) => mine === request.current && setLoaded({ key, secci }),
      () => mine === request.current && setLoaded({ key, failed: true }),
    )
  }, [open, pricing, key, api])

  const current = loaded?.key === key ? loaded : null
  // The French warning goes with the offer in French, and with any offer of a French purchase (in French: the
  // law gives its words).
  const warning = lang === 'fr' || country === 'FRA'

  return (
    <div className={styles.credit} data-testid="credit-information">
      <p data-testid="lender">
        {fill(t.creditBy, { lender: session.lender.name, address: session.lender.address })}
      </p>
      <p data-testid="withdrawal">{fill(t.withdrawalRight, { law: t.withdrawalLaw[country] })}</p>
      {warning ? (
        <p lang="fr" className={styles.warning} data-testid="credit-warning">
          {RULES.creditWarning}
        </p>
      ) : null}
      <details
        className={styles.secci}
        data-secci=""
        onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
      >
        <summary>{t.secciTitle}</summary>
        <p className={styles.hint}>{t.secciHint}</p>
        {current === null ? (
          <p role="status">{t.loading}</p>
        ) : 'failed' in current ? (
          <p role="alert">{t.errors.network}</p>
        ) : (
          <SecciDocument secci={current.secci} />
        )}
        {current && 'secci' in current ? (
          current.secci.printable_url ? (
            <a className={styles.print} href={current.secci.printable_url} target="_blank" rel="noopener">
              {t.secciPrintable}
            </a>
          ) : (
            <button type="button" className={styles.print} onClick={printSecci}>
              {t.secciPrint}
            </button>
          )
        ) : null}
      </details>
    </div>
  )
}

function SecciDocument({ secci }: { secci: Secci }) {
  return (
    <div lang={secci.language} data-testid="secci">
      {secci.sections.map((section) => (
        <section key={section.id} aria-labelledby={`secci-${section.id}`}>
          <h3 id={`secci-${section.id}`} className={styles.heading}>
            {section.heading}
          </h3>
          <dl className={styles.rows}>
            {section.rows.map((row) => (
              <div key={row.id} data-row={row.id}>
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  )
}

/**
 * The embedded checkout cannot link to a printable page (its secret never goes in a URL): it prints the SECCI it
 * shows, and only it (the print styles hide the rest while `printing-secci` is on).
 */
function printSecci() {
  const root = document.documentElement
  root.classList.add('printing-secci')
  const done = () => {
    root.classList.remove('printing-secci')
    window.removeEventListener('afterprint', done)
  }
  window.addEventListener('afterprint', done)
  window.print()
}
