// A product page: "pay in 3 × …" under the price, a loan simulator for bigger items, and the methods your own
// rules allow (FilterByMap) listed in your order before the customer goes to the checkout.
import {
  allAvailablePaymentMethods,
  BnplComponent,
  FilterByMap,
  init,
  PaymentMethodType,
  SimulatorComponent,
} from '@plazo/checkout-js'

init({ agentId: 'a0a09c08-ec9b-4994-8a89-ddaf1e736565', baseUrl: 'http://localhost:4000', locale: 'es' })

let price = 89900 // cents: 899,00 €

// Your rules: BNPL and consumer loans only, at most 150 € a month, no term over 36 months.
const rules = new FilterByMap()
  .set('paymentMethodType', [PaymentMethodType.BnplInstalments, 'consumer_loan_instalments'])
  .set('maxInstalment', 15000)
  .set('maxTerm', 36)

// The methods and terms that pass, in your agent's order; put interest-free ones first for your list.
const methods = await allAvailablePaymentMethods(price, rules)
methods.sort((a, b) => Number(b.conditions[0]?.apr === 0) - Number(a.conditions[0]?.apr === 0))
document.querySelector('#financing-options')?.replaceChildren(
  ...methods.map((method) => {
    const item = document.createElement('li')
    const terms = method.conditions.map((c) => `${c.term} × ${c.instalmentAmount / 100} €`).join(' · ')
    item.textContent = `${method.paymentMethodType}: ${terms}`
    return item
  }),
)

// "Paga en 3 × 299,67 € sin intereses" next to the price; hidden by itself when the price cannot be financed.
const bnpl = BnplComponent({
  mountElement: '#price-financing',
  amount: price,
  paymentMethodType: PaymentMethodType.BnplInstalments,
  term: 3,
  onError: (error) => console.info('No BNPL for this price:', error.message),
})

// A simulator of the consumer loan, starting on 24 months; the customer picks another term in its <select>.
const simulator = SimulatorComponent({
  mountElement: '#loan-simulator',
  amount: price,
  paymentMethodType: PaymentMethodType.ConsumerLoanInstalments,
  term: 24,
  onChange: (conditions) => {
    document.querySelector('#chosen-term')?.replaceChildren(conditions.formatted.term)
  },
})

// The customer chose another variant: update both widgets with the new price.
document.querySelector<HTMLSelectElement>('#variant')?.addEventListener('change', (event) => {
  price = Number((event.target as HTMLSelectElement).selectedOptions[0]?.dataset.price ?? price)
  bnpl.update({ amount: price })
  simulator.update({ amount: price })
})
