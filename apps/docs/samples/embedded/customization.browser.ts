// The embedded checkout takes its colours and shape from the session (ui.customization); your page chooses
// where it goes and its language. The price widgets are plain DOM that your own CSS styles.
import { BnplComponent, CheckoutSessionComponent, init } from '@plazo/checkout-js'

// The language of every component, unless a component says otherwise: 'es', 'fr' or 'en'.
init({ agentId: 'a0a09c08-ec9b-4994-8a89-ddaf1e736565', baseUrl: 'http://localhost:4000', locale: 'es' })

const response = await fetch('/shop/checkout-session', { method: 'POST' })
const { clientSecret } = (await response.json()) as { clientSecret: string }

const checkout = CheckoutSessionComponent({
  mountElement: '#plazo-checkout', // the iframe fills its width and grows with its content
  clientSecret,
  locale: 'es',
  onComplete: ({ checkoutSessionId }) => location.assign(`/shop/orders/${checkoutSessionId}`),
})

// Your own language switcher: re-initialise the checkout in the language chosen.
document.querySelector<HTMLSelectElement>('#language')?.addEventListener('change', (event) => {
  const value = (event.target as HTMLSelectElement).value
  if (value === 'es' || value === 'fr' || value === 'en') checkout.update({ locale: value })
})

// Widgets render with class names (plazo-bnpl, plazo-bnpl__instalments…) for your stylesheet.
const bnpl = BnplComponent({ mountElement: '#price-financing', amount: 25800 })
bnpl.element.classList.add('shop-badge')
