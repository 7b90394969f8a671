// The one Vite configuration of the dashboard, used by scripts/build.ts and scripts/dev.ts. It runs under tsx
// so it can read the contract's TypeScript source: the lists the dashboard offers (session statuses, modes,
// customer actions, the shortest password) are taken from the contract at build time and compiled in as
// constants, so nothing is written twice and no schema ships to the browser.
import { fileURLToPath } from 'node:url'
import {
  ACCOUNT_PASSWORD_MIN_LENGTH,
  BRAND,
  CheckoutSessionStatus,
  CustomerAction,
  PaymentMethodType,
  PurchaseCountry,
  UiMode,
} from '@plazo/contract'
import type { InlineConfig } from 'vite'
import { reactAppConfig } from '../../../scripts/app-build/vite-config.ts'

export const APP_ROOT = fileURLToPath(new URL('..', import.meta.url))
export const DIST = fileURLToPath(new URL('../dist', import.meta.url))
/** Where the API serves the app (packages/api/src/routes/dashboard/pages.ts): pages at /dashboard/…, assets at /dashboard/assets/. */
export const BASE = '/dashboard/'

export const CONTRACT = {
  brand: BRAND,
  sessionStatuses: [...CheckoutSessionStatus.values],
  modes: [...UiMode.values],
  customerActions: [...CustomerAction.values],
  paymentMethodTypes: [...PaymentMethodType.values],
  countries: [...PurchaseCountry.values],
  passwordMinLength: ACCOUNT_PASSWORD_MIN_LENGTH,
}

export function viteConfig(): InlineConfig {
  return reactAppConfig({
    root: APP_ROOT,
    dist: DIST,
    base: BASE,
    define: { __PLAZO_DASHBOARD__: JSON.stringify(CONTRACT) },
  })
}
