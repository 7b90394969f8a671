import { currentSettings } from './storage.ts'

/**
 * The error every call rejects with when the API answers with an error: `status` is the HTTP status,
 * `exception` the API's machine-readable code (e.g. `plazo.agent.not_found`), `schemaErrors` the invalid fields
 * of a 400. A network failure rejects with the browser's own `TypeError`.
 */
export class PlazoError extends Error {
  readonly status: number
  readonly exception: string | undefined
  readonly schemaErrors: Array<{ field: string; message: string }>

  constructor(
    message: string,
    status: number,
    exception?: string,
    schemaErrors: Array<{ field: string; message: string }> = [],
  ) {
    super(message)
    this.name = 'PlazoError'
    this.status = status
    this.exception = exception
    this.schemaErrors = schemaErrors
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST'
  body?: unknown
  headers?: Record<string, string>
}

/** Calls `<baseUrl>/api/v2<path>` and returns the JSON body, or rejects with a {@link PlazoError}. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { baseUrl } = currentSettings()
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(`${baseUrl}/api/v2${path}`, {
    method: options.method ?? 'GET',
    headers,
    // Public calls need no cookies; sending none keeps the CORS answer simple (`*`).
    credentials: 'omit',
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  })
  const text = await response.text()
  const body = text ? (JSON.parse(text) as unknown) : undefined
  if (!response.ok) {
    const error = (body ?? {}) as {
      error?: string
      error_description?: string
      exception?: string
      schema_errors?: Array<{ field: string; message: string }>
    }
    throw new PlazoError(
      error.error_description ?? error.error ?? `Plazo API answered ${response.status}`,
      response.status,
      error.exception ?? error.error,
      error.schema_errors,
    )
  }
  return body as T
}
