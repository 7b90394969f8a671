// expect: ErrorBodySchema
// expect-status: 409
// Every error is a PlazoError subclass with the API's exception, message and request id.
import { Plazo, PlazoConflictError, PlazoError, PlazoInvalidRequestError } from '@plazo/node'

const plazo = new Plazo({
  username: process.env.PLAZO_USERNAME ?? 'demo@plazo.test',
  password: process.env.PLAZO_PASSWORD ?? 'plazo-sandbox',
})

try {
  // The cart's total (10000) is not the sum of its lines (12900): the API answers 409.
  await plazo.checkoutSessions.create(
    {
      merchant: { order_reference_1: 'ORDER-100046' },
      cart: {
        total_price_with_tax: 10000,
        currency: 'EUR',
        items: [
          {
            article: {
              type: 'product',
              category: 'physical',
              name: 'Trail running shoes',
              reference: '8412345678905',
              unit_price_with_tax: 12900,
            },
            units: 1,
            total_discount: 0,
            total_price_with_tax: 12900,
          },
        ],
      },
    },
    // Your own key makes a retry of the whole operation safe too, even after a restart.
    { idempotencyKey: 'ORDER-100046-create' },
  )
} catch (error) {
  if (error instanceof PlazoConflictError) {
    console.error(`${error.exception}: ${error.message} (request ${error.requestId})`)
  } else if (error instanceof PlazoInvalidRequestError) {
    console.error(error.schemaErrors)
  } else if (!(error instanceof PlazoError)) {
    throw error
  }
  // error.raw is the API's error body as it came.
  console.log(JSON.stringify(error.raw, null, 2))
}
