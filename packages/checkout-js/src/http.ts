import { PlazoError, type SchemaError } from './errors.ts'
import { CLIENT_EXCEPTIONS } from './generated/contract.ts'
import { currentSettings } from './storage.ts'

export interface RequestOptions {
  method?: 'GET' | 'POST'
  body?: unknown
  headers?: Record<string, string>
}

/** An API error body: `{ exception, error }` (spec §8), or `{ error, error_description }` for a 401. */
interface ErrorBody {
  error?: string
  error_description?: string
  exception?: string
  schema_errors?: SchemaError[]
}

function parse(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined
  } catch {
    return undefined
  }
}

/** Calls `<baseUrl>/api/v2<path>` and returns the JSON body, or rejects with a {@link PlazoError}. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { baseUrl, locale } = currentSettings()
  const url = `${baseUrl}/api/v2${path}`
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  let response: Response
  let text: string
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      // Public calls need no cookies; sending none keeps the CORS answer simple (`*`).
      credentials: 'omit',
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    })
    text = await response.text()
  } catch (cause) {
    throw new PlazoError({
      message: `The Plazo API at ${url} could not be reached (${cause instanceof Error ? cause.message : String(cause)}): check init's baseUrl and the network.`,
      status: 0,
      exception: CLIENT_EXCEPTIONS.networkError,
      locale,
    })
  }
  const body = parse(text)
  if (response.ok && (body !== undefined || text === '')) return body as T
  const error = (typeof body === 'object' && body !== null ? body : {}) as ErrorBody
  const exception = error.exception ?? error.error
  throw new PlazoError({
    message:
      error.error_description ??
      error.error ??
      `The Plazo API answered ${response.status} to ${url} without a JSON ${response.ok ? 'body' : 'error body'}.`,
    status: response.status,
    exception: exception ?? CLIENT_EXCEPTIONS.unexpectedResponse,
    schemaErrors: error.schema_errors,
    locale,
  })
}
