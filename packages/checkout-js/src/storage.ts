import type { AgentConfiguration } from './generated/contract.ts'

/**
 * Settings given to {@link init}.
 * @inline
 */
export interface Settings {
  /** Your agent (point of sale) id: public, like a publishable key. */
  readonly agentId: string
  /** Origin of the Plazo API, e.g. `http://localhost:4000`, without a trailing slash. */
  readonly baseUrl: string
  /** Language of the components' texts: `es`, `fr` or `en`. */
  readonly locale: 'es' | 'fr' | 'en'
  /** Base URL of the developer documentation site. */
  readonly docsUrl: string
}

/**
 * Where checkout-js keeps what {@link init} configured, and the agent configuration it already fetched (one
 * request per agent and page). Read `storage.settings` to know the current agent and API; call
 * `storage.clear()` to forget both (for example between tests, or before a new `init` with another agent).
 *
 * @example
 * ```ts
 * import { init, storage } from '@plazo/checkout-js'
 * init({ agentId: 'a0a09c08-ec9b-4994-8a89-ddaf1e736565', baseUrl: 'http://localhost:4000' })
 * storage.settings?.locale // 'es'
 * storage.clear()
 * storage.settings // null
 * ```
 */
export const storage: {
  /** The current settings, or `null` before {@link init}. */
  settings: Settings | null
  /** Agent configurations fetched so far, by agent id. */
  readonly configurations: Map<string, Promise<AgentConfiguration>>
  /** Forgets the settings and the fetched configurations. */
  clear(): void
} = {
  settings: null,
  configurations: new Map(),
  clear() {
    this.settings = null
    this.configurations.clear()
  },
}

/** The settings, or an error that tells the merchant what to call first. */
export function currentSettings(): Settings {
  if (!storage.settings) {
    throw new Error('Plazo checkout-js is not initialised: call init({ agentId, baseUrl }) first.')
  }
  return storage.settings
}
