// Shared by the unit tests: builds the library once (file lock), imports the BUILT module, and stubs fetch
// with answers computed by the API's own simulation code, so the figures are the ones the API gives.
import { dirname, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { DEFAULT_PRICINGS } from '@plazo/finance'
import { vi } from 'vitest'
import { simulate } from '../../../api/src/domain/client/public-client.ts'
import { buildCheckoutJsIfStale } from '../../scripts/build-locked.ts'

export const AGENT = 'a0a09c08-ec9b-4994-8a89-ddaf1e736565'
export const BASE_URL = 'http://127.0.0.1:4000'
// A path, not `new URL(…)`: under happy-dom the global URL is the DOM's, which node:fs does not accept.
export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** Typed from the sources; the tests run the built module, which exports the same names. */
export type CheckoutJs = typeof import('../index.ts')

/** Builds dist/ if a source changed since the last build, then imports dist/index.js. */
export async function builtLibrary(): Promise<CheckoutJs> {
  buildCheckoutJsIfStale()
  // A computed specifier: typechecking must not need dist/, which only the build creates.
  const built = pathToFileURL(resolve(root, 'dist/index.js')).href
  return (await import(/* @vite-ignore */ built)) as CheckoutJs
}

export interface Call {
  method: string
  url: string
  headers: Record<string, string>
  body: unknown
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

/** A fetch that answers the public client API for AGENT like the API does, and records the calls. */
export function stubApi(): { calls: Call[]; fail: (status: number, body: unknown) => void } {
  const calls: Call[] = []
  let failure: Response | undefined
  const fetch = vi.fn(async (input: string | URL, init: RequestInit = {}) => {
    const url = String(input)
    const body = init.body ? JSON.parse(String(init.body)) : undefined
    calls.push({
      method: init.method ?? 'GET',
      url,
      headers: { ...(init.headers as Record<string, string>) },
      body,
    })
    if (failure) return failure.clone()
    const path = url.replace(`${BASE_URL}/api/v2`, '')
    const pricings = DEFAULT_PRICINGS.map(({ merchant_fee: _fee, ...pricing }) => ({
      ...pricing,
      periods: [...pricing.periods],
    }))
    if (path === `/client/agents/${AGENT}/configuration`) {
      return json(200, {
        agent_id: AGENT,
        merchant_name: 'Demo Store',
        purchase_countries: ['ESP', 'FRA'],
        currency: 'EUR',
        payment_method_types: [...new Set(pricings.map((p) => p.payment_method_type))],
        pricings,
      })
    }
    if (path === `/client/agents/${AGENT}/pricings`) return json(200, pricings)
    if (path === '/client/simulate') {
      if (body.agent_id !== AGENT)
        return json(404, { status: 'ko', exception: 'plazo.agent.not_found', error: 'Agent not found.' })
      try {
        return json(200, simulate(DEFAULT_PRICINGS, body))
      } catch (error) {
        const e = error as { status: number; exception: string; message: string; schemaErrors?: unknown }
        return json(e.status ?? 500, {
          status: 'ko',
          exception: e.exception,
          error: e.message,
          schema_errors: e.schemaErrors,
        })
      }
    }
    return json(404, { status: 'ko', exception: 'plazo.route.not_found', error: `Route ${url} not found.` })
  })
  vi.stubGlobal('fetch', fetch)
  return {
    calls,
    fail(status, body) {
      failure = json(status, body)
    },
  }
}

/** Waits until `check` stops throwing (components render after their request resolves). */
export async function until(check: () => void, timeoutMs = 2000): Promise<void> {
  await vi.waitFor(check, { timeout: timeoutMs, interval: 5 })
}
