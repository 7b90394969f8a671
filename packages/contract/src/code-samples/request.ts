// The request of an operation as httpsnippet takes it (a HAR request), built from the contract's first
// request example. Whatever the reader must supply (the API URL, the token, the ids of their own sessions,
// their credentials) is a placeholder, `__PLAZO_NAME__`, that each language then turns into a read of
// the environment variable PLAZO_NAME.
import type { HarRequest } from '@readme/httpsnippet'
import type { OperationSpec } from '../openapi/operations/responses.ts'

export interface EnvVariable {
  /** The environment variable, e.g. PLAZO_API_URL. */
  name: string
  /** Its value when unset; without one the sample needs it set. */
  fallback?: string
}

export const API_URL: EnvVariable = { name: 'PLAZO_API_URL', fallback: 'http://localhost:4000/api/v2' }

/**
 * The origin httpsnippet sees for the API URL: a URL must parse, and parsing lowercases its host, so the
 * generated code gets its placeholder back with `restoreApiUrl`.
 */
const API_URL_ORIGIN = 'http://__plazo_api_url__'

/** `__PLAZO_X__`: the placeholder of the environment variable PLAZO_X. */
export const PLACEHOLDER = /__(PLAZO_[A-Z_]+?)__/g

export const placeholder = (variable: EnvVariable) => `__${variable.name}__`

/** Body fields whose value the reader supplies: the field name in upper case after PLAZO_. */
const BODY_VARIABLES = new Set(['username', 'password', 'refresh_token', 'agent_id'])

export interface SampleRequest {
  har: HarRequest
  /** The variables the sample reads, in the order it declares them. */
  variables: EnvVariable[]
}

const variableOf = (name: string): EnvVariable => ({ name: `PLAZO_${name.toUpperCase()}` })

/** The value of the first request example of the operation (the one the reference shows first). */
function firstExample(op: OperationSpec): Record<string, unknown> | undefined {
  const first = Object.values(op.request?.examples ?? {})[0]
  const value = first?.value as Record<string, unknown> | undefined
  // httpsnippet 11 writes such strings unescaped into the Node.js, Python and PHP code (broken programs).
  JSON.stringify(value ?? null, (key, item) => {
    if (typeof item === 'string' && [...item].some((char) => char === '\\' || char < ' ')) {
      throw new Error(
        `${op.id}: the example's ${key} holds a backslash or a control character: ${JSON.stringify(item)}`,
      )
    }
    return item
  })
  return value
}

export function sampleRequest(op: OperationSpec): SampleRequest {
  const variables: EnvVariable[] = [API_URL]
  const use = (variable: EnvVariable) => {
    if (!variables.some((known) => known.name === variable.name)) variables.push(variable)
    return placeholder(variable)
  }
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => use(variableOf(name)))
  const queryString = (op.queryParams ?? [])
    .filter((param) => param.required)
    .map((param) => ({ name: param.name, value: use(variableOf(param.name)) }))
  const headers: HarRequest['headers'] = []
  if (op.auth) {
    headers.push({ name: 'Authorization', value: `Bearer ${use({ name: 'PLAZO_ACCESS_TOKEN' })}` })
  }
  if (op.clientSecret) headers.push({ name: 'x-client-secret', value: use({ name: 'PLAZO_CLIENT_SECRET' }) })
  const example = firstExample(op)
  // Without a body, what httpsnippet assumes when postData is absent.
  let postData: HarRequest['postData'] = { mimeType: 'application/octet-stream' }
  if (example) {
    const body = Object.fromEntries(
      Object.entries(example).map(([field, value]) => [
        field,
        BODY_VARIABLES.has(field) ? use(variableOf(field)) : value,
      ]),
    )
    headers.push({ name: 'Content-Type', value: 'application/json' })
    postData = { mimeType: 'application/json', text: JSON.stringify(body) }
  }
  const har: HarRequest = {
    method: op.method.toUpperCase(),
    url: `${API_URL_ORIGIN}${path}`,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers,
    queryString,
    headersSize: -1,
    bodySize: -1,
    postData,
  }
  return { har, variables }
}

/** Puts the API URL placeholder back where httpsnippet wrote the URL's origin. */
export const restoreApiUrl = (code: string) => code.replaceAll(API_URL_ORIGIN, placeholder(API_URL))

/** The variable a placeholder names. */
export function variableNamed(variables: EnvVariable[], placeholderName: string): EnvVariable {
  const variable = variables.find((known) => known.name === placeholderName)
  if (!variable) throw new Error(`Unknown placeholder ${placeholderName}`)
  return variable
}
