/**
 * A Postman collection of each API reference, generated at build from its OpenAPI document with Postman's own
 * converter (openapi-to-postmanv2), into build/postman/<id>.postman_collection.json, and from its Spanish document
 * into build/es/postman/, each linked from the reference of its locale. Every request uses two collection
 * variables: `baseUrl` (the
 * local sandbox's, from the document's servers) and `token` (sent as `Authorization: Bearer {{token}}`).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { convertV2 } from 'openapi-to-postmanv2'
import { apiReferences, type ReferenceLocale } from '../api-references.ts'
import { specPath } from '../openapi-source.ts'

interface Collection {
  auth?: unknown
  variable?: Array<{ key: string; value: string; type?: string; description?: string }>
  [key: string]: unknown
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

const VARIABLE_NOTES: Record<ReferenceLocale, { baseUrl: string; token: string }> = {
  en: {
    baseUrl: 'The API base URL (the local sandbox by default).',
    token: 'An access_token from POST /auth/login/ (sandbox: demo@plazo.test / plazo-sandbox).',
  },
  es: {
    baseUrl: 'La URL base de la API (por defecto, el sandbox local).',
    token: 'Un access_token de POST /auth/login/ (sandbox: demo@plazo.test / plazo-sandbox).',
  },
}

/** The collection with a `token` variable for the bearer token, and `baseUrl` first among its variables. */
function withPlazoVariables(collection: Collection, baseUrl: string, locale: ReferenceLocale): Collection {
  const others = (collection.variable ?? []).filter((v) => v.key !== 'baseUrl' && v.key !== 'token')
  return {
    ...collection,
    auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{token}}', type: 'string' }] },
    variable: [
      { key: 'baseUrl', value: baseUrl, type: 'string', description: VARIABLE_NOTES[locale].baseUrl },
      { key: 'token', value: '', type: 'string', description: VARIABLE_NOTES[locale].token },
      ...others,
    ],
  }
}

export async function writePostmanCollections(buildDir: string): Promise<number> {
  let written = 0
  for (const locale of ['en', 'es'] as const) {
    const localeDir = locale === 'en' ? buildDir : join(buildDir, 'es')
    mkdirSync(join(localeDir, 'postman'), { recursive: true })
    for (const reference of apiReferences) {
      const document = JSON.parse(readFileSync(specPath(reference, locale), 'utf8')) as {
        servers?: Array<{ url: string }>
      }
      const servers = document.servers ?? []
      const sandbox = servers.find((server) => server.url.startsWith('http://localhost')) ?? servers[0]
      const collection = withPlazoVariables(await convert(document), sandbox?.url ?? '', locale)
      writeFileSync(join(localeDir, postmanPath(reference.id)), `${JSON.stringify(collection, null, 2)}\n`)
      written += 1
    }
  }
  return written
}
