import { CLIENT_EXCEPTIONS } from './generated/contract.ts'

/** What a customer is told, by what went wrong: the merchant may show `localizedMessage` as it is. */
type Reason = 'session' | 'expired' | 'network' | 'timeout' | 'busy' | 'other'

const TEXTS = {
  es: {
    session: 'No se ha podido abrir este pago. Vuelve a empezar la compra.',
    expired: 'El tiempo para completar este pago ha terminado. Vuelve a empezar la compra.',
    network: 'No hemos podido conectar con Plazo. Comprueba tu conexión e inténtalo de nuevo.',
    timeout: 'El pago está tardando demasiado en cargar. Inténtalo de nuevo.',
    busy: 'Demasiados intentos. Espera un momento e inténtalo de nuevo.',
    other: 'Algo ha fallado. Inténtalo de nuevo.',
  },
  fr: {
    session: 'Ce paiement n’a pas pu être ouvert. Recommencez votre achat.',
    expired: 'Le délai pour finaliser ce paiement est écoulé. Recommencez votre achat.',
    network: 'Impossible de joindre Plazo. Vérifiez votre connexion et réessayez.',
    timeout: 'Le paiement met trop de temps à se charger. Réessayez.',
    busy: 'Trop de tentatives. Patientez un instant, puis réessayez.',
    other: 'Une erreur est survenue. Réessayez.',
  },
  en: {
    session: 'This payment could not be opened. Please start your purchase again.',
    expired: 'The time to complete this payment has run out. Please start your purchase again.',
    network: 'We could not connect to Plazo. Check your connection and try again.',
    timeout: 'The payment is taking too long to load. Please try again.',
    busy: 'Too many attempts. Wait a moment and try again.',
    other: 'Something went wrong. Please try again.',
  },
} as const satisfies Record<string, Record<Reason, string>>

/** The locales of the texts: types.ts's `Locale`, which cannot be imported here (types.ts imports this file). */
type Locale = keyof typeof TEXTS

function reason(status: number, exception: string): Reason {
  if (exception === CLIENT_EXCEPTIONS.networkError) return 'network'
  if (exception === CLIENT_EXCEPTIONS.frameTimeout) return 'timeout'
  if (exception === CLIENT_EXCEPTIONS.sessionExpired) return 'expired'
  // Only the calls made with a client secret can answer 401: a wrong, missing or unknown secret.
  if (status === 401) return 'session'
  if (status === 429) return 'busy'
  return 'other'
}

/**
 * One invalid field of a 400.
 * @inline
 */
export interface SchemaError {
  field: string
  message: string
}

/**
 * The error of checkout-js. Every function rejects with it when the API answers with an error or cannot be
 * reached, and every component's `onError` receives it:
 *
 * - `name`: always `'PlazoError'`.
 * - `status`: the HTTP status of the API's error answer, or `0` when there was none.
 * - `exception`: the API's code (`invalid_token` for a wrong client secret, `plazo.agent.not_found`…; the API
 *   reference lists them all), or, with `status` 0, a code of the browser: `plazo.client.network_error` (the API
 *   could not be reached), `plazo.client.frame_timeout` (the embedded checkout was not ready within its
 *   `loadTimeout`), `plazo.client.session_expired` (the checkout session has expired),
 *   `plazo.client.invalid_argument` (an argument was refused before calling the API). An error answer with no
 *   error body has `plazo.client.unexpected_response` and its own status.
 * - `message`: what happened, in English, for you: log it, do not show it to customers.
 * - `localizedMessage`: a short sentence for the customer in the component's locale (or `init`'s), which you may
 *   show as it is: "No se ha podido abrir este pago. Vuelve a empezar la compra."
 * - `schemaErrors`: the invalid fields of a 400.
 *
 * @example
 * ```ts
 * CheckoutSessionComponent({
 *   mountElement: '#checkout',
 *   clientSecret,
 *   onError: (error) => {
 *     console.error(error.status, error.exception, error.message) // for you
 *     document.querySelector('#checkout-error')?.replaceChildren(error.localizedMessage) // for your customer
 *     if (error.exception === 'plazo.client.session_expired') offerToStartAgain()
 *   },
 * })
 * ```
 */
export class PlazoError extends Error {
  /** The HTTP status of the API's error answer; `0` when there was none. */
  readonly status: number
  /** The API's error code, or a `plazo.client.*` code when the browser found the error. */
  readonly exception: string
  /** A sentence a customer may read, in the locale of the component (or of {@link init}). */
  readonly localizedMessage: string
  /** The invalid fields of a 400. */
  readonly schemaErrors: SchemaError[]

  /** @internal checkout-js creates these; merchants only read them. */
  constructor(init: {
    message: string
    status: number
    exception: string
    locale: Locale
    schemaErrors?: SchemaError[] | undefined
  }) {
    super(init.message)
    this.name = 'PlazoError'
    this.status = init.status
    this.exception = init.exception
    this.localizedMessage = TEXTS[init.locale][reason(init.status, init.exception)]
    this.schemaErrors = init.schemaErrors ?? []
  }
}

/**
 * What a component's `onError` receives for anything it caught: a PlazoError in the component's locale. Other
 * errors are checkout-js refusing an argument before it called the API.
 */
export function toPlazoError(error: unknown, locale: Locale): PlazoError {
  if (error instanceof PlazoError) {
    const { message, status, exception, schemaErrors } = error
    return new PlazoError({ message, status, exception, schemaErrors, locale })
  }
  return new PlazoError({
    message: error instanceof Error ? error.message : String(error),
    status: 0,
    exception: CLIENT_EXCEPTIONS.invalidArgument,
    locale,
  })
}
