// Your checkout page: ask your server for the session's client secret, then mount Plazo's embedded checkout.
import { CheckoutSessionComponent, init, Status } from '@plazo/checkout-js'

// Your agent (point of sale) id is public, like a publishable key. baseUrl is the Plazo API origin; it can
// be left out when the page loads <script src="http://localhost:4000/checkout.js">.
init({ agentId: 'a0a09c08-ec9b-4994-8a89-ddaf1e736565', baseUrl: 'http://localhost:4000', locale: 'es' })

// Your own endpoint, which runs create-session on your server and answers { clientSecret }.
const response = await fetch('/shop/checkout-session', { method: 'POST' })
const { clientSecret } = (await response.json()) as { clientSecret: string }

const checkout = CheckoutSessionComponent({
  mountElement: '#plazo-checkout',
  clientSecret,
  // Called once the customer can use the checkout (its session read with the secret), never before.
  onReady: () => document.querySelector('#checkout-loading')?.remove(),
  onComplete: ({ status, checkoutSessionId }) => {
    // Your server confirms the order from the webhook or GET /checkout/{id}/; this only picks the next page.
    if (status === Status.Confirmed || status === Status.Initial) {
      location.assign(`/shop/orders/${checkoutSessionId}`)
    } else {
      location.assign('/shop/cart?payment=failed')
    }
  },
  onCancel: () => location.assign('/shop/cart'),
  onError: (error) => {
    // A wrong client secret, an expired session, the API out of reach, or a checkout not ready within
    // loadTimeout (15 s by default). The customer reads localizedMessage, in the checkout's language;
    // message and exception are for you. Offer to start again, which creates a new session.
    console.error(error.status, error.exception, error.message)
    document.querySelector('#checkout-loading')?.remove()
    document.querySelector('#checkout-error')?.replaceChildren(error.localizedMessage)
    checkout.unmount()
  },
})
