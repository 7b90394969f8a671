import { simulator } from '../api.ts'
import { MESSAGES } from '../format.ts'
import { FRENCH_CREDIT_WARNING } from '../generated/contract.ts'
import { currentSettings } from '../storage.ts'
import type { ComponentHandle, SimulatorComponentProps, SimulatorLoanConditions } from '../types.ts'
import { liveComponent } from './live.ts'
import { element, resolveMountElement, uniqueId } from './mount.ts'

type Row = keyof SimulatorLoanConditions['formatted']

/** The figures shown, in order, with their label key: the APR right after the instalment it is the cost of. */
const ROWS: ReadonlyArray<[Row, keyof (typeof MESSAGES)['en']]> = [
  ['instalment', 'instalment'],
  ['apr', 'apr'],
  ['interest', 'interest'],
  ['totalCostOfCredit', 'totalCost'],
  ['totalPayable', 'totalPayable'],
]

/** The heading levels a simulator accepts (`headingLevel`). */
const HEADING_LEVELS = [1, 2, 3, 4, 5, 6] as const

function headingLevelOf(props: SimulatorComponentProps): number {
  const level = props.headingLevel ?? 3
  if (!(HEADING_LEVELS as readonly unknown[]).includes(level)) {
    throw new Error(`Plazo: headingLevel must be 1, 2, 3, 4, 5 or 6, got ${String(level)}.`)
  }
  return level
}

/**
 * A loan simulator for an amount: a heading, a term selector (a labelled `<select>`) and the conditions of the
 * term chosen — monthly instalment with its APR (TAE) right after it, nominal interest (TIN), total cost of
 * credit and total payable — in a description list that screen readers announce when it changes. In French it
 * adds the sentence the Code de la consommation (L312-5) requires beside an offer of credit. Plain DOM with
 * `plazo-simulator*` class names for your CSS. The figures come from `POST /api/v2/client/simulate`: the same
 * the payment intent will have.
 *
 * Without `paymentMethodType` it simulates the first financed method of your agent that can finance the
 * amount. `term` chooses the term selected first (default: the shortest). `headingLevel` fits the heading into
 * your page's outline (default 3: an `<h3>`).
 *
 * @example
 * ```ts
 * const simulator = SimulatorComponent({
 *   mountElement: '#simulator',
 *   amount: 120000, // 1 200,00 €
 *   paymentMethodType: 'consumer_loan_instalments',
 *   term: 24,
 *   onChange: (c) => console.log(c.term, c.formatted.instalment),
 * })
 * simulator.update({ amount: 150000 })
 * ```
 */
export function SimulatorComponent(props: SimulatorComponentProps): ComponentHandle<SimulatorComponentProps> {
  const host = resolveMountElement(props.mountElement)
  const root = element('section', { class: 'plazo-simulator', 'data-plazo': 'simulator' })
  const headingId = uniqueId('plazo-simulator-title')
  const headingAt = (level: number) =>
    element(`h${level}` as 'h3', { class: 'plazo-simulator__title', id: headingId })
  let heading = headingAt(headingLevelOf(props))
  root.setAttribute('aria-labelledby', headingId)
  const selectId = uniqueId('plazo-simulator-term')
  const label = element('label', { class: 'plazo-simulator__label', for: selectId })
  const select = element('select', { class: 'plazo-simulator__term', id: selectId })
  const list = element('dl', { class: 'plazo-simulator__conditions', 'aria-live': 'polite' })
  const warning = element('p', { class: 'plazo-simulator__warning', lang: 'fr' })
  root.append(heading, label, select, list, warning)
  root.hidden = true
  host.replaceChildren(root)

  let options: SimulatorLoanConditions[] = []

  function show(term: number): void {
    const chosen = options.find((o) => o.term === term) ?? options[0]
    if (!chosen) return
    select.value = String(chosen.term)
    const current = live.props()
    const locale = current.locale ?? currentSettings().locale
    const texts = MESSAGES[locale]
    list.replaceChildren(
      ...ROWS.flatMap(([row, text]) => [
        element('dt', { 'data-row': row }, texts[text] as string),
        element('dd', { 'data-row': row }, chosen.formatted[row]),
      ]),
    )
    current.onChange?.(chosen)
  }

  select.addEventListener('change', () => show(Number(select.value)))

  const live = liveComponent(root, props, {
    async render(current, stale) {
      const locale = current.locale ?? currentSettings().locale
      // Every term of the method in one request; `term` only chooses which one is selected.
      let results = await simulator({
        amount: current.amount,
        locale,
        ...(current.paymentMethodType === undefined ? {} : { paymentMethodType: current.paymentMethodType }),
      })
      if (stale()) return
      if (current.paymentMethodType === undefined) {
        const type = results[0]?.paymentMethodType
        results = results.filter((r) => r.paymentMethodType === type)
      }
      if (results.length === 0) throw new Error(`Plazo: ${current.amount} cents cannot be financed.`)
      options = results.sort((a, b) => a.term - b.term)
      const texts = MESSAGES[locale]
      const level = headingLevelOf(current)
      if (heading.tagName !== `H${level}`) {
        const next = headingAt(level)
        heading.replaceWith(next)
        heading = next
      }
      heading.textContent = texts.simulator
      label.textContent = texts.term
      warning.textContent = locale === 'fr' ? FRENCH_CREDIT_WARNING : ''
      warning.hidden = locale !== 'fr'
      select.replaceChildren(
        ...options.map((o) => element('option', { value: String(o.term) }, o.formatted.term)),
      )
      root.hidden = false
      show(current.term ?? (options[0] as SimulatorLoanConditions).term)
    },
    clear() {
      options = []
      root.hidden = true
      select.replaceChildren()
      list.replaceChildren()
    },
    merge(current, next) {
      const selected = Number(select.value) || undefined
      const merged = { ...current, ...next }
      // Keep the customer's choice of term across amount changes, unless the update names a term.
      if (next.term === undefined && selected !== undefined && next.paymentMethodType === undefined) {
        merged.term = selected
      }
      return merged
    },
  })
  return live.handle
}
