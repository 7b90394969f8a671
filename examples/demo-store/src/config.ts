/**
 * The demo store's settings, from the environment, with defaults that reach the local sandbox started by
 * `npm start` (DESIGN.md). A wrong value stops start-up with a message naming the variable.
 */
export interface DemoConfig {
  /** Port the store listens on (PLAZO_DEMO_PORT, default 4100). */
  port: number
  /** The store's own address as browsers and the API see it: webhooks and return URLs point here. */
  publicUrl: string
  /** The Plazo API as this server reaches it (PLAZO_API_URL). */
  apiUrl: string
  /** The Plazo API as the customer's browser reaches it, for checkout.js (PLAZO_PUBLIC_URL). */
  apiPublicUrl: string
  /** The store's API credentials: used on the server only, never sent to a browser. */
  username: string
  password: string
  /** The store's agent (point of sale): public, given to checkout-js. */
  agentId: string
}

/** The sandbox seed's Demo Store agent `agent-online` (packages/api/src/domain/sandbox/seed.ts). */
const SANDBOX_ONLINE_AGENT = 'a0a09c08-ec9b-4994-8a89-ddaf1e736565'

function url(env: Record<string, string | undefined>, name: string, fallback: string): string {
  const value = env[name] ?? fallback
  try {
    const parsed = new URL(value)
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error()
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${value}"`)
  }
  return value.replace(/\/+$/, '')
}

function port(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const value = env[name]
  if (value === undefined || value === '') return fallback
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    throw new Error(`${name} must be a port number (0 to 65535), got "${value}"`)
  }
  return parsed
}

export function loadDemoConfig(env: Record<string, string | undefined> = process.env): DemoConfig {
  const demoPort = port(env, 'PLAZO_DEMO_PORT', 4100)
  const apiPort = port(env, 'PLAZO_API_PORT', 4000)
  const apiUrl = url(env, 'PLAZO_API_URL', env.PLAZO_PUBLIC_URL ?? `http://localhost:${apiPort}`)
  return {
    port: demoPort,
    publicUrl: url(env, 'PLAZO_DEMO_PUBLIC_URL', `http://localhost:${demoPort}`),
    apiUrl,
    apiPublicUrl: url(env, 'PLAZO_PUBLIC_URL', apiUrl),
    username: env.PLAZO_DEMO_USERNAME ?? 'demo@plazo.test',
    password: env.PLAZO_DEMO_PASSWORD ?? 'plazo-sandbox',
    agentId: env.PLAZO_DEMO_AGENT_ID ?? SANDBOX_ONLINE_AGENT,
  }
}
