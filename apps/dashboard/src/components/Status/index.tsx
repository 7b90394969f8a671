import { useI18n } from '../../i18n/index.tsx'

const TONES: Record<string, string> = {
  confirmed: 'good',
  approved: 'good',
  paid: 'good',
  delivered: 'good',
  initial: 'neutral',
  pending: 'neutral',
  on_hold: 'warn',
  challenge: 'warn',
  denied: 'bad',
  failed: 'bad',
  cancelled: 'muted',
  expired: 'muted',
  desisted: 'muted',
}

/** A status as a badge: its name in the page's language, its colour only a help (the word says it). */
export function Status({ value }: { value: string }) {
  const { t } = useI18n()
  return <span className={`badge badge-${TONES[value] ?? 'neutral'}`}>{t.statuses[value] ?? value}</span>
}
