// The loan conditions your customer sees, on your own page: which methods can finance the cart, every term of
// one method, and the formatted texts of the simulator. The figures are the ones the payment intent records.
import {
  availablePaymentMethods,
  FilterByMap,
  init,
  PaymentMethodType,
  paymentMethodConditions,
  simulator,
} from '@plazo/checkout-js'

init({ agentId: 'a0a09c08-ec9b-4994-8a89-ddaf1e736565', baseUrl: 'http://localhost:4000', locale: 'es' })

const amount = 129900 // cents: 1.299,00 €

// Methods of your agent that can finance the amount, in your agent's order (optionally filtered).
const types = await availablePaymentMethods(amount, new FilterByMap({ maxInstalment: 50000 }))
console.log(types) // ['bnpl_instalments', 'bnpl_split_pay', 'consumer_loan_instalments', …]

// Every term of one method: instalment, nominal interest, APR, total cost and schedule, shortest term first.
const loan = await paymentMethodConditions(PaymentMethodType.ConsumerLoanInstalments, amount)
for (const term of loan.conditions) {
  console.log(term.term, term.instalmentAmount, term.apr, term.totalPayable)
}

// The same figures with their texts formatted for the customer's language, for your own layout.
const [first] = await simulator({ amount, paymentMethodType: 'consumer_loan_instalments', term: 24 })
if (first) {
  document
    .querySelector('#financing')
    ?.replaceChildren(
      `${first.formatted.term}: ${first.formatted.instalment} (TIN ${first.formatted.interest}, TAE ${first.formatted.apr})`,
    )
}
