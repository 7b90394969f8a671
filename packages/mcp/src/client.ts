import type { Plazo } from '@plazo/node'

/**
 * What the sandbox tools need of a Plazo client: the resources of the SDK (`@plazo/node`), typed by it, so the
 * tools' calls and answers follow the contract through the SDK's generated types. The tools never speak HTTP
 * themselves: over stdio the client is the signed-in merchant's (`plazo mcp`, `plazo-mcp`), over HTTP it is made
 * per request with the caller's bearer token (packages/api routes/mcp).
 */
export type PlazoClient = Pick<Plazo, 'checkoutSessions' | 'orders' | 'webhooks' | 'testHelpers'>

/** The fields of the SDK's `PlazoError` (and its subclasses) that a tool error reports. */
export interface PlazoErrorLike {
  status?: number
  exception?: string
  message: string
  schemaErrors?: ReadonlyArray<{ field: string; message: string; keyword?: string }>
  requestId?: string
}

export function isPlazoError(error: unknown): error is Error & PlazoErrorLike {
  return error instanceof Error && ('exception' in error || 'status' in error)
}
