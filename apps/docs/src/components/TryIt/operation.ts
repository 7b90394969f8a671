/**
 * What the Try it console needs to know about one operation, read from the OpenAPI document the reference
 * page already renders (redocusaurus hands it to the page): method, path, parameters, how it is
 * authenticated, and its request body's schema and examples.
 */

export type ParameterLocation = 'path' | 'query' | 'header'

export interface OperationParameter {
  name: string
  in: ParameterLocation
  required: boolean
}

export interface BodyExample {
  name: string
  summary: string
  value: unknown
}

export interface TryItOperation {
  operationId: string
  method: string
  /** As in the document, relative to the API base (`/checkout/{checkout_session_id}`). */
  path: string
  /** Path and query parameters; headers other than the Idempotency-Key are the console's business. */
  parameters: OperationParameter[]
  /** Whether the operation honours an `Idempotency-Key`. */
  idempotent: boolean
  /** `bearer`: the merchant's token; `client-secret`: an embedded session's `x-client-secret`; `none`. */
  auth: 'bearer' | 'client-secret' | 'none'
  body:
    | {
        required: boolean
        /** JSON pointer of the body schema inside the document. */
        schemaPointer: string
        examples: BodyExample[]
      }
    | undefined
}

type Json = Record<string, unknown>

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1')
}

/** Follows a local `$ref` (`#/components/...`), once or several times. */
function resolve(document: Json, value: unknown): unknown {
  let current = value
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < 10; hops++) {
    const ref: string = current.$ref
    if (!ref.startsWith('#/')) return current
    current = ref
      .slice(2)
      .split('/')
      .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((node, segment) => (isObject(node) ? node[segment] : undefined), document)
  }
  return current
}

function authOf(document: Json, operation: Json): TryItOperation['auth'] {
  const requirements = (operation.security ?? document.security ?? []) as Json[]
  const schemes = (resolve(document, document.components) as Json | undefined)?.securitySchemes as
    | Record<string, Json>
    | undefined
  const names = requirements.flatMap((requirement) => Object.keys(requirement))
  if (names.some((name) => schemes?.[name]?.type === 'http' && schemes[name]?.scheme === 'bearer'))
    return 'bearer'
  if (names.some((name) => schemes?.[name]?.type === 'apiKey')) return 'client-secret'
  return 'none'
}

function examplesOf(document: Json, media: Json): BodyExample[] {
  const named = isObject(media.examples) ? media.examples : {}
  const examples = Object.entries(named).flatMap(([name, raw]) => {
    const example = resolve(document, raw)
    if (!isObject(example) || !('value' in example)) return []
    return [
      { name, summary: typeof example.summary === 'string' ? example.summary : name, value: example.value },
    ]
  })
  if (examples.length === 0 && media.example !== undefined) {
    examples.push({ name: 'default', summary: 'default', value: media.example })
  }
  return examples
}

function operationOf(
  document: Json,
  path: string,
  method: string,
  item: Json,
  operation: Json,
): TryItOperation {
  const declared = [...((item.parameters as unknown[]) ?? []), ...((operation.parameters as unknown[]) ?? [])]
  const parameters: OperationParameter[] = []
  let idempotent = false
  for (const raw of declared) {
    const parameter = resolve(document, raw)
    if (!isObject(parameter) || typeof parameter.name !== 'string') continue
    if (parameter.in === 'header') {
      if (parameter.name.toLowerCase() === 'idempotency-key') idempotent = true
      continue
    }
    if (parameter.in !== 'path' && parameter.in !== 'query') continue
    parameters.push({ name: parameter.name, in: parameter.in, required: parameter.required === true })
  }
  const requestBody = resolve(document, operation.requestBody)
  const content = isObject(requestBody) && isObject(requestBody.content) ? requestBody.content : undefined
  const media = content && isObject(content['application/json']) ? content['application/json'] : undefined
  const pointer = `/paths/${escapePointer(path)}/${method}/requestBody`
  const body =
    media && isObject(requestBody)
      ? {
          required: requestBody.required === true,
          // Through the requestBody's own $ref when it has one, so the pointer always lands on the schema.
          schemaPointer:
            isObject(operation.requestBody) && typeof operation.requestBody.$ref === 'string'
              ? `${operation.requestBody.$ref.slice(1)}/content/application~1json/schema`
              : `${pointer}/content/application~1json/schema`,
          examples: examplesOf(document, media),
        }
      : undefined
  return {
    operationId: String(operation.operationId),
    method: method.toUpperCase(),
    path,
    parameters,
    idempotent,
    auth: authOf(document, operation),
    body,
  }
}

/** Every callable operation of the document by operationId (webhooks are received, not called). */
export function operationsOf(document: unknown): Map<string, TryItOperation> {
  const operations = new Map<string, TryItOperation>()
  if (!isObject(document) || !isObject(document.paths)) return operations
  for (const [path, rawItem] of Object.entries(document.paths)) {
    const item = resolve(document, rawItem)
    if (!isObject(item)) continue
    for (const method of METHODS) {
      const operation = item[method]
      if (!isObject(operation) || typeof operation.operationId !== 'string') continue
      operations.set(operation.operationId, operationOf(document, path, method, item, operation))
    }
  }
  return operations
}

/** The path with its parameters filled in, each value percent-encoded. */
export function fillPath(path: string, values: Readonly<Record<string, string>>): string {
  return path.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeURIComponent(values[name] ?? ''))
}
