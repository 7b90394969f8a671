/**
 * A Postman collection of each API reference, generated at build from its OpenAPI document with Postman's own
 * converter (openapi-to-postmanv2), into build/postman/<id>.postman_collection.json, and from its Spanish document
 * into build/es/postman/, each linked from the reference of its locale. The converter's requests are then put in
 * the order of a real flow (postman-flow.ts), each with a test script that checks its documented status and keeps
 * what later requests need (tokens, ids) in collection variables, so a collection runs end to end in Postman's
 * runner or newman with only `baseUrl` set (__tests__/postman.test.ts runs all eight against the sandbox).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { convertV2 } from 'openapi-to-postmanv2'
import { type ApiReference, apiReferences, type ReferenceLocale } from '../api-references.ts'
import { specPath } from '../openapi-source.ts'
import { FLOW_VARIABLES, FLOWS, type FlowStep } from './postman-flow.ts'

interface Variable {
  key: string
  value: string
  type?: string
  description?: string
}

interface Request {
  name?: string
  method: string
  url: { path: string[]; query?: Array<{ key: string; value: string }>; variable?: Variable[] }
  header?: Array<{ key: string; value: string }>
  body?: { mode: string; raw?: string }
  auth?: unknown
}

export interface Item {
  id?: string
  name: string
  request: Request
  response?: unknown[]
  event?: Array<{ listen: string; script: { type: string; exec: string[] } }>
}

export interface Collection {
  info: { name: string; [key: string]: unknown }
  item: Array<Item | { name: string; item: Item[] }>
  auth?: unknown
  variable?: Variable[]
  [key: string]: unknown
}

interface Document {
  servers?: Array<{ url: string }>
  paths: Record<string, Record<string, { operationId?: string }>>
}

/** Root-relative URL of a reference's collection, as the reference page links it. */
export function postmanPath(id: string): string {
  return `/postman/${id}.postman_collection.json`
}

function convert(document: object): Promise<Collection> {
  return new Promise((resolve, reject) => {
    convertV2(
      { type: 'json', data: document as object },
      { folderStrategy: 'Tags', parametersResolution: 'Example', alwaysInheritAuthentication: true },
      (error, result) => {
        if (error) return reject(error)
        const collection = result?.result ? result.output?.[0]?.data : undefined
        if (!collection)
          return reject(new Error(`OpenAPI to Postman failed: ${result?.reason ?? 'no output'}`))
        resolve(collection as Collection)
      },
    )
  })
}

/** The converted requests of a document by operationId (the converter keeps method and path, not the id). */
function itemsByOperation(document: Document, collection: Collection): Map<string, Item> {
  const operations = new Map<string, string>()
  for (const [path, methods] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(methods))
      if (operation?.operationId) operations.set(`${method.toUpperCase()} ${path}`, operation.operationId)
  const items = new Map<string, Item>()
  const walk = (entries: Collection['item']) => {
    for (const entry of entries) {
      if ('item' in entry) walk(entry.item)
      else {
        const path = `/${entry.request.url.path.map((part) => part.replace(/^:(.+)$/, '{$1}')).join('/')}`
        const id = operations.get(`${entry.request.method} ${path}`)
        if (id) items.set(id, entry)
      }
    }
  }
  walk(collection.item)
  return items
}

const VARIABLE_NOTES: Record<ReferenceLocale, { baseUrl: string }> = {
  en: { baseUrl: 'The API base URL (the local sandbox by default).' },
  es: { baseUrl: 'La URL base de la API (por defecto, el sandbox local).' },
}

const TEST_NAMES: Record<ReferenceLocale, (status: number) => string> = {
  en: (status) => `answers ${status}`,
  es: (status) => `responde ${status}`,
}

/** The test script of a step: its status, then the collection variables it keeps from the answer. */
function testScript(step: FlowStep, locale: ReferenceLocale): string[] {
  const lines = [`pm.test(${JSON.stringify(TEST_NAMES[locale](step.status))}, function () {`]
  lines.push(`  pm.response.to.have.status(${step.status});`, '});')
  if (step.store) {
    lines.push('const body = pm.response.json();')
    for (const [variable, expression] of Object.entries(step.store)) {
      lines.push(`const ${variable} = ${expression};`)
      lines.push(`if (${variable} !== undefined) pm.collectionVariables.set('${variable}', ${variable});`)
    }
  }
  return lines
}

const AUTH_OF_STEP = {
  bearer: undefined,
  none: { type: 'noauth' },
  clientSecret: {
    type: 'apikey',
    apikey: [
      { key: 'key', value: 'x-client-secret', type: 'string' },
      { key: 'value', value: '{{client_secret}}', type: 'string' },
      { key: 'in', value: 'header', type: 'string' },
    ],
  },
} as const

/** Path and query parameters that a flow variable holds take it ({{checkout_session_id}}, …). */
function withFlowVariables(request: Request): Request {
  const flowVariable = (key: string, value: string) => (key in FLOW_VARIABLES ? `{{${key}}}` : value)
  return {
    ...request,
    url: {
      ...request.url,
      ...(request.url.variable
        ? { variable: request.url.variable.map((v) => ({ ...v, value: flowVariable(v.key, v.value) })) }
        : {}),
      ...(request.url.query
        ? { query: request.url.query.map((q) => ({ ...q, value: flowVariable(q.key, q.value) })) }
        : {}),
    },
    // Every POST gets a key of its own, so no two calls of the run share one (the same key with another
    // body answers 422).
    header: (request.header ?? []).map((h) =>
      h.key.toLowerCase() === 'idempotency-key' ? { ...h, value: '{{$guid}}' } : h,
    ),
  }
}

function flowItem(step: FlowStep, source: Item, locale: ReferenceLocale): Item {
  let request = withFlowVariables(structuredClone(source.request))
  const name = step.name?.[locale] ?? source.name
  if (step.body && request.body?.raw !== undefined) {
    const body = step.body(JSON.parse(request.body.raw) as Record<string, unknown>)
    request = { ...request, body: { ...request.body, raw: JSON.stringify(body, null, 2) } }
  }
  if (step.query) {
    const set = Object.entries(step.query).map(([key, value]) => ({ key, value }))
    const kept = (request.url.query ?? []).filter((q) => !(q.key in (step.query ?? {})))
    request = { ...request, url: { ...request.url, query: [...kept, ...set] } }
  }
  const auth = AUTH_OF_STEP[step.auth ?? 'bearer']
  return {
    name,
    request: { ...request, name, ...(auth ? { auth } : {}) },
    response: source.response ?? [],
    event: [{ listen: 'test', script: { type: 'text/javascript', exec: testScript(step, locale) } }],
  }
}

/** A reference's collection in its flow order, with the collection variables the flow uses. */
function inFlowOrder(
  reference: ApiReference,
  collection: Collection,
  items: ReadonlyMap<string, ReadonlyMap<string, Item>>,
  baseUrl: string,
  locale: ReferenceLocale,
): Collection {
  const steps = FLOWS[reference.id]
  if (!steps) throw new Error(`No Postman flow for the reference ${reference.id}`)
  const flowItems = steps.map((step) => {
    const source = items.get(step.from ?? reference.id)?.get(step.operation)
    if (!source)
      throw new Error(`${reference.id}: no request ${step.operation} in ${step.from ?? 'its document'}`)
    return flowItem(step, source, locale)
  })
  const missing = [...(items.get(reference.id)?.keys() ?? [])].filter(
    (operation) =>
      !steps.some((step) => step.operation === operation && (step.from ?? reference.id) === reference.id),
  )
  if (missing.length > 0) throw new Error(`${reference.id}: the flow leaves out ${missing.join(', ')}`)
  const used = new Set(flowItems.flatMap((item) => JSON.stringify(item).match(/\{\{(\w+)\}\}/g) ?? []))
  const others = (collection.variable ?? []).filter((v) => v.key !== 'baseUrl' && !(v.key in FLOW_VARIABLES))
  return {
    ...collection,
    item: flowItems,
    auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{token}}', type: 'string' }] },
    variable: [
      { key: 'baseUrl', value: baseUrl, type: 'string', description: VARIABLE_NOTES[locale].baseUrl },
      ...Object.entries(FLOW_VARIABLES)
        .filter(([key]) => key === 'token' || used.has(`{{${key}}}`))
        .map(([key, description]) => ({ key, value: '', type: 'string', description: description[locale] })),
      ...others,
    ],
  }
}

export interface BuiltCollection {
  locale: ReferenceLocale
  reference: ApiReference
  collection: Collection
}

/** The eight collections (four references, English and Spanish), each in its flow order. */
export async function buildPostmanCollections(): Promise<BuiltCollection[]> {
  const built: BuiltCollection[] = []
  for (const locale of ['en', 'es'] as const) {
    const converted = new Map<string, { document: Document; collection: Collection }>()
    const items = new Map<string, Map<string, Item>>()
    for (const reference of apiReferences) {
      const document = JSON.parse(readFileSync(specPath(reference, locale), 'utf8')) as Document
      const collection = await convert(document)
      converted.set(reference.id, { document, collection })
      items.set(reference.id, itemsByOperation(document, collection))
    }
    for (const reference of apiReferences) {
      const { document, collection } = converted.get(reference.id) as {
        document: Document
        collection: Collection
      }
      const servers = document.servers ?? []
      const sandbox = servers.find((server) => server.url.startsWith('http://localhost')) ?? servers[0]
      built.push({
        locale,
        reference,
        collection: inFlowOrder(reference, collection, items, sandbox?.url ?? '', locale),
      })
    }
  }
  return built
}

export async function writePostmanCollections(buildDir: string): Promise<number> {
  const built = await buildPostmanCollections()
  for (const { locale, reference, collection } of built) {
    const localeDir = locale === 'en' ? buildDir : join(buildDir, 'es')
    mkdirSync(join(localeDir, 'postman'), { recursive: true })
    writeFileSync(join(localeDir, postmanPath(reference.id)), `${JSON.stringify(collection, null, 2)}\n`)
  }
  return built.length
}
