/**
 * What the sandbox tools need of a Plazo client: the methods of `@plazo/node` (DESIGN.md "Node SDK") they
 * call, written structurally so a `Plazo` instance is passed as it is. The tools never speak HTTP themselves:
 * over stdio the client is the signed-in merchant's (`plazo mcp`), over HTTP it is made per request with the
 * caller's bearer token (packages/api routes/mcp).
 */
export interface PlazoClient {
  checkoutSessions: {
    create(body: unknown, options?: { idempotencyKey?: string }): Promise<unknown>
    retrieve(id: string): Promise<unknown>
    update(id: string, body: unknown): Promise<unknown>
    cancel(id: string): Promise<unknown>
  }
  orders: {
    confirm(id: string): Promise<unknown>
    capture(id: string, body?: unknown): Promise<unknown>
    refund(id: string, body: unknown): Promise<unknown>
  }
  webhooks: {
    verify(rawBody: string, headers: Record<string, string>, secret: string): unknown
    listEvents(query: { checkout_session_id: string }): Promise<unknown>
    redeliver(eventId: string): Promise<unknown>
    secret(): Promise<unknown>
  }
  testHelpers: {
    customerAction(id: string, body: unknown): Promise<unknown>
    advanceClock(body: unknown): Promise<unknown>
  }
}

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
