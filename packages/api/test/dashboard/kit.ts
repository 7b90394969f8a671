// What the dashboard's tests share: the app on one engine, and a browser-like client of the dashboard's calls
// that keeps the session cookie and sends the Origin a page of the dashboard sends.
import type { LightMyRequestResponse } from 'fastify'
import type { App } from '../../src/app.ts'
import { SESSION_COOKIE } from '../../src/routes/dashboard/index.ts'

/** The public URL of the test app (loadConfig's default) and so the dashboard's origin. */
export const ORIGIN = 'http://localhost:4000'

export interface Browser {
  /** The session cookie's value, as the browser holds it (undefined when it has none). */
  cookie: string | undefined
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>
}

/** The cookie a response sets, parsed: its value and attributes (lower-case names). */
export function setCookie(res: LightMyRequestResponse): {
  value: string
  attributes: Record<string, string>
} {
  const header = [res.headers['set-cookie'] ?? []]
    .flat()
    .find((line) => line.startsWith(`${SESSION_COOKIE}=`))
  if (!header) throw new Error(`no ${SESSION_COOKIE} cookie set (status ${res.statusCode}: ${res.body})`)
  const [pair, ...rest] = header.split(';').map((part) => part.trim())
  const attributes = Object.fromEntries(
    rest.map((part) => {
      const [name, value = ''] = part.split('=')
      return [(name as string).toLowerCase(), value]
    }),
  )
  return { value: (pair as string).slice(SESSION_COOKIE.length + 1), attributes }
}

export function browser(app: App, options: { origin?: string; address?: string } = {}): Browser {
  const client: Browser = {
    cookie: undefined,
    async call(method, path, body, headers = {}) {
      const res = await app.inject({
        method,
        url: path,
        headers: {
          ...(method === 'GET' ? {} : { origin: options.origin ?? ORIGIN }),
          ...(client.cookie ? { cookie: `${SESSION_COOKIE}=${client.cookie}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        remoteAddress: options.address ?? '203.0.113.20',
      })
      const set = [res.headers['set-cookie'] ?? []]
        .flat()
        .find((line) => line.startsWith(`${SESSION_COOKIE}=`))
      if (set) {
        const { value } = setCookie(res)
        client.cookie = value === '' ? undefined : value
      }
      return res
    },
  }
  return client
}

let counter = 0

/** A sign-up body with a fresh e-mail. */
export function newAccount(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter++
  return {
    business_name: `Shop ${counter}`,
    email: `tester${counter}.${Date.now()}@example.com`,
    password: 'a long password 1',
    default_country: 'ESP',
    ...overrides,
  }
}

/** Signs a new account up in `client`; answers the sign-up body used. */
export async function signUp(client: Browser, overrides: Record<string, unknown> = {}) {
  const body = newAccount(overrides)
  const res = await client.call('POST', '/dashboard/api/sign-up', body)
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`)
  return { body, account: res.json() as { merchant_id: string; email: string } }
}
