import { paymentMethodConditions } from '../api.ts'
import { formatMoney, formatPercent, MESSAGES } from '../format.ts'
import { currentSettings } from '../storage.ts'
import type { BnplComponentProps, ComponentHandle } from '../types.ts'
import { liveComponent } from './live.ts'
import { element, resolveMountElement } from './mount.ts'

/**
 * Shows the instalments of a price next to it, with their APR, as consumer-credit rules want beside every
 * instalment figure: "Paga en 3 × 33,33 € sin intereses, TAE 0,00 %" (es), "Payez en 3 × 33,33 € sans frais,
 * TAEG 0,00 %" (fr), "Pay in 3 × €33.33 interest-free, APR 0.00%" (en); a loan reads "Paga en 18 × 15,26 €,
 * TAE 8,29 %". The figures come from `POST /api/v2/client/simulate`, so they are the ones the customer will
 * get; "interest-free" is only said of a 0 % APR. When the amount cannot be financed, or the API cannot be
 * reached, the component stays empty and hidden and calls `onError`.
 *
 * Call `update({ amount })` when the price changes (variant, quantity).
 *
 * @example
 * ```html
 * <p>100,00 € <span id="plazo-bnpl"></span></p>
 * <script>
 *   PlazoCheckout.init({ agentId: 'a0a09c08-ec9b-4994-8a89-ddaf1e736565' })
 *   const bnpl = PlazoCheckout.BnplComponent({ mountElement: '#plazo-bnpl', amount: 10000 })
 *   // later: bnpl.update({ amount: 20000 })
 * </script>
 * ```
 */
export function BnplComponent(props: BnplComponentProps): ComponentHandle<BnplComponentProps> {
  const host = resolveMountElement(props.mountElement)
  const root = element('span', { class: 'plazo-bnpl', 'data-plazo': 'bnpl', 'aria-live': 'polite' })
  root.hidden = true
  host.replaceChildren(root)
  return liveComponent(root, props, {
    async render(current, stale) {
      const locale = current.locale ?? currentSettings().locale
      const { conditions } = await paymentMethodConditions(
        current.paymentMethodType ?? 'bnpl_instalments',
        current.amount,
        current.term,
      )
      if (stale()) return
      const first = conditions[0]
      if (!first) throw new Error(`Plazo: ${current.amount} cents cannot be paid in instalments.`)
      const texts = MESSAGES[locale]
      const instalments = `${first.term} × ${formatMoney(first.instalmentAmount, locale)}`
      const strong = element('strong', { class: 'plazo-bnpl__instalments' }, instalments)
      const [before, after] = texts.payIn('\u0000').split('\u0000') as [string, string]
      root.replaceChildren(before, strong, after)
      if (first.apr === 0) root.append(` ${texts.interestFree}`)
      root.append(
        ', ',
        element('span', { class: 'plazo-bnpl__apr' }, `${texts.apr} ${formatPercent(first.apr, locale)}`),
      )
      root.dataset.term = String(first.term)
      root.dataset.instalment = String(first.instalmentAmount)
      root.hidden = false
    },
    clear() {
      root.replaceChildren()
      root.hidden = true
    },
  }).handle
}
