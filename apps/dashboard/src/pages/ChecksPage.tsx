import { useI18n } from '../i18n/index.tsx'
import { CodeText } from './SessionsPage.tsx'

/** The integration checks run with `plazo check`; the dashboard does not run them (yet), and shows no results. */
export function ChecksPage() {
  const { t } = useI18n()
  return (
    <>
      <h1>{t.checks.title}</h1>
      <section className="card">
        <p>
          <CodeText text={t.checks.text} />
        </p>
        <p className="muted">{t.checks.more}</p>
      </section>
    </>
  )
}
