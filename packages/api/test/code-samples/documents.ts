// The code samples as readers get them: read from the committed OpenAPI documents (which the contract's tests
// keep equal to what the build generates), with the success answer each operation documents and a validator
// of its schema, resolved in its own document.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { configureAjv, OPENAPI_DOCUMENT_NAMES } from '@plazo/contract'
import { Ajv, type ErrorObject } from 'ajv'

const dir = fileURLToPath(new URL('../../../contract/openapi/', import.meta.url))

interface CodeSample {
  lang: string
  label: string
  source: string
}

interface MediaType {
  schema: Record<string, unknown>
}

interface OperationObject {
  operationId: string
  responses: Record<string, { content?: Record<string, MediaType> }>
  'x-codeSamples'?: CodeSample[]
}

export interface DocumentedOperation {
  id: string
  document: string
  method: string
  path: string
  samples: CodeSample[]
  /** The 2XX status the operation documents. */
  status: number
  /** Its media type, and the errors of a body against its schema (compiled on first use). */
  mediaType: string
  check(body: unknown): ErrorObject[]
}

function lazyCheck(ajv: Ajv, schema: object): (body: unknown) => ErrorObject[] {
  let validate: ReturnType<Ajv['compile']> | undefined
  return (body) => {
    validate ??= ajv.compile(schema)
    return validate(body) ? [] : (validate.errors ?? [])
  }
}

/** Every operation of the four documents once, in document order (login and refresh are in all four). */
export function documentedOperations(): DocumentedOperation[] {
  const ajv = configureAjv(new Ajv({ strict: false, discriminator: true, allErrors: true }))
  const operations = new Map<string, DocumentedOperation>()
  for (const name of OPENAPI_DOCUMENT_NAMES) {
    const doc = JSON.parse(readFileSync(`${dir}${name}.json`, 'utf8'))
    ajv.addSchema(doc, name)
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, OperationObject>>)) {
      for (const [method, op] of Object.entries(item)) {
        if (operations.has(op.operationId)) continue
        const [status, response] = Object.entries(op.responses).find(([code]) => code.startsWith('2')) ?? []
        const [mediaType, media] = Object.entries(response?.content ?? {})[0] ?? []
        if (!status || !mediaType || !media) throw new Error(`${op.operationId} documents no 2XX body`)
        const ref = media.schema.$ref as string | undefined
        operations.set(op.operationId, {
          id: op.operationId,
          document: name,
          method,
          path,
          samples: op['x-codeSamples'] ?? [],
          status: Number(status),
          mediaType,
          check: lazyCheck(ajv, ref ? { $ref: `${name}${ref}` } : media.schema),
        })
      }
    }
  }
  return [...operations.values()]
}
