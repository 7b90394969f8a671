// Your own form instead of Plazo's iframe: send the customer's details and choice with the session's client secret.
import { init, PaymentMethodType, paymentIntent, Status } from '@plazo/checkout-js'

init({ agentId: 'a0a09c08-ec9b-4994-8a89-ddaf1e736565', baseUrl: 'http://localhost:4000', locale: 'es' })

const form = document.querySelector<HTMLFormElement>('#pay-form')
form?.addEventListener('submit', async (event) => {
  event.preventDefault()
  const data = new FormData(form)
  const clientSecret = String(data.get('client_secret')) // rendered into the form by your server
  try {
    const outcome = await paymentIntent({
      clientSecret,
      paymentMethodType: PaymentMethodType.BnplInstalments,
      term: 3,
      customer: {
        first_name: String(data.get('first_name')),
        last_name: String(data.get('last_name')),
        email: String(data.get('email')),
        phone_number: String(data.get('phone_number')), // country code, no spaces: +34600123456
      },
    })
    if (outcome.status === Status.Confirmed) location.assign('/shop/thanks')
    else if (outcome.status === Status.Challenge)
      location.assign(outcome.session.down_payment?.redirect_url ?? '/shop/cart')
    else
      form.querySelector('.error')?.replaceChildren(`Payment ${outcome.status}: choose another way to pay.`)
  } catch (error) {
    // A PlazoError: status 400 names each invalid customer field in schemaErrors.
    const { schemaErrors = [] } = error as { schemaErrors?: Array<{ field: string; message: string }> }
    form
      .querySelector('.error')
      ?.replaceChildren(schemaErrors.map((e) => `${e.field} ${e.message}`).join('\n'))
  }
})
