// Code samples of every operation (`x-codeSamples`, shown by Redoc as tabs), generated with httpsnippet
// from the contract's first request example. Each sample reads PLAZO_API_URL (default the local sandbox),
// its token and ids from the environment and prints the answer's body. Kept out of the contract's main
// entry point: only the OpenAPI build and the tests load httpsnippet.
import { HTTPSnippet } from '@readme/httpsnippet'
import {
  OPENAPI_DOCUMENT_NAMES,
  type OpenApiDocumentName,
  operationsByDocument,
} from '../openapi/documents.ts'
import type { OperationSpec } from '../openapi/operations/responses.ts'
import { LANGUAGES, type Language } from './languages.ts'
import { type EnvVariable, PLACEHOLDER, restoreApiUrl, sampleRequest } from './request.ts'

export { LANGUAGES, type Language } from './languages.ts'
export type { EnvVariable } from './request.ts'

export interface CodeSample {
  lang: string
  label: string
  source: string
}

export interface OperationSamples {
  op: OperationSpec
  /** The environment variables the samples read. */
  variables: EnvVariable[]
  samples: Array<CodeSample & { language: Language }>
}

export function operationSamples(op: OperationSpec): OperationSamples {
  const { har, variables } = sampleRequest(op)
  const snippet = new HTTPSnippet(har)
  const samples = LANGUAGES.map((language) => {
    const [code] = snippet.convert(language.target, language.client, language.options)
    if (typeof code !== 'string') throw new Error(`httpsnippet has no ${language.target} ${language.client}`)
    const withVariables = language.readEnvironment(restoreApiUrl(code), variables)
    const source = language.program(withVariables, { id: op.id, variables, body: har.postData?.text })
    const left = source.match(new RegExp(PLACEHOLDER.source))
    if (left) throw new Error(`${op.id} in ${language.label} still holds ${left[0]}:\n${source}`)
    return { lang: language.lang, label: language.label, source: `${source.trimEnd()}\n`, language }
  })
  return { op, variables, samples }
}

/** Every operation of the four documents once (login, refresh and getSession appear in several). */
export function allOperations(): OperationSpec[] {
  const byId = new Map<string, OperationSpec>()
  for (const name of OPENAPI_DOCUMENT_NAMES) for (const op of operationsByDocument[name]) byId.set(op.id, op)
  return [...byId.values()]
}

/** The document with `x-codeSamples` on each of its operations (the webhooks it sends have none). */
export function withCodeSamples(
  document: Record<string, unknown>,
  name: OpenApiDocumentName,
): Record<string, unknown> {
  const paths = structuredClone(document.paths) as Record<string, Record<string, Record<string, unknown>>>
  for (const op of operationsByDocument[name]) {
    const operation = paths[op.path]?.[op.method]
    if (!operation) throw new Error(`${name} has no ${op.method} ${op.path}`)
    operation['x-codeSamples'] = operationSamples(op).samples.map(({ lang, label, source }) => ({
      lang,
      label,
      source,
    }))
  }
  return { ...document, paths }
}
