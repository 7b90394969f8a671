// Entry of dist/checkout.js, the script tag build: every export of the library on `window.PlazoCheckout`.
import * as PlazoCheckout from './index.ts'

declare global {
  interface Window {
    PlazoCheckout: typeof PlazoCheckout
  }
}

window.PlazoCheckout = PlazoCheckout
