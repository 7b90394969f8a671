// What the dashboard takes from the contract, compiled in at build time (scripts/vite-config.ts).
declare const __PLAZO_DASHBOARD__: {
  brand: string
  sessionStatuses: string[]
  modes: string[]
  customerActions: Array<'approve' | 'deny' | 'challenge' | 'desist'>
  paymentMethodTypes: string[]
  countries: Array<'ESP' | 'FRA'>
  passwordMinLength: number
}

export const CONTRACT = __PLAZO_DASHBOARD__
