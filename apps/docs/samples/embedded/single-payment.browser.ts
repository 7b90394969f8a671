// Your page already offers "pay in 3" next to the price; when the customer picks it, open the embedded checkout
// directly on that method.
import {
  availablePaymentMethods,
  init,
  PaymentMethodType,
  SinglePaymentComponent,
  Status,
} from '@plazo/checkout-js'

init({ agentId: 'a0a09c08-ec9b-4994-8a89-ddaf1e736565', baseUrl: 'http://localhost:4000', locale: 'es' })

const amount = 25800 // cents: 258,00 €
const offered = await availablePaymentMethods(amount)
const payInThree = document.querySelector<HTMLButtonElement>('#pay-in-3')
if (payInThree) payInThree.hidden = !offered.includes(PaymentMethodType.BnplInstalments)

payInThree?.addEventListener('click', async () => {
  // Your own endpoint: it creates the embedded session on your server and answers { clientSecret }.
  const response = await fetch('/shop/checkout-session', { method: 'POST' })
  const { clientSecret } = (await response.json()) as { clientSecret: string }
  SinglePaymentComponent({
    mountElement: '#plazo-checkout',
    clientSecret,
    paymentMethodType: PaymentMethodType.BnplInstalments,
    onComplete: ({ status, checkoutSessionId }) =>
      location.assign(
        status === Status.Denied ? '/shop/cart?payment=failed' : `/shop/orders/${checkoutSessionId}`,
      ),
    onCancel: () => location.assign('/shop/cart'),
    onError: (error) => console.error(error.message),
  })
})
