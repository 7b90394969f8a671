import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiReferences } from '../api-references.ts'
import { buildGateServer } from '../server/app.ts'
import { createPasswordVerifier } from '../server/password.ts'
import { buildDir, ensureBuild, PASSWORD } from './harness.ts'

/** The docs as tools read them: each page's Markdown twin, llms.txt and the Postman collections, on the real build. */

let app: FastifyInstance
let cookie: string

beforeAll(async () => {
  ensureBuild()
  app = await buildGateServer({ buildDir, password: createPasswordVerifier(PASSWORD), minLoginResponseMs: 0 })
  const login = await app.inject({ method: 'POST', url: '/__gate/login', payload: { password: PASSWORD } })
  const session = login.cookies.find((c) => c.name === 'plazo_docs_session')
  if (!session) throw new Error(`no session: ${login.statusCode}`)
  cookie = `${session.name}=${session.value}`
})

afterAll(() => app?.close())

const get = (url: string) => app.inject({ url, headers: { cookie } })

/** What must never be in a twin: MDX's module lines, JSX, the theme's markup. */
function expectCleanMarkdown(markdown: string): void {
  // Samples may import modules and show HTML: only the prose around them is checked.
  const prose = markdown.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1$/gm, '')
  expect(prose).not.toMatch(/^(import|export) /m)
  expect(prose).not.toMatch(/<\/?(Tabs|TabItem|CodeBlock|div|span|button|svg)\b/)
  expect(markdown).not.toContain('hash-link')
  expect(markdown).not.toContain('\u200b')
}

describe('Markdown twins', () => {
  it('serve every guide at its URL plus .md, titled, with its tabs and included samples as code blocks', async () => {
    const en = await get('/docs/get-started/checkout-session.md')
    expect(en.statusCode).toBe(200)
    expect(en.headers['content-type']).toMatch(/^text\/markdown/)
    expect(en.body.split('\n')[0]).toBe('# Create a checkout session')
    // The curl and Node.js tabs, one after the other under their labels, with the included sample file.
    expect(en.body).toMatch(
      /\*\*curl\*\*\n\n```bash\ncurl -X POST http:\/\/localhost:4000\/api\/v2\/auth\/login\//,
    )
    expect(en.body).toMatch(/\*\*Node\.js\*\*\n\n```js title="login\.mjs"\n/)
    // Links to other guides point at their twins.
    expect(en.body).toContain('](/docs/api.md#servers)')
    expectCleanMarkdown(en.body)

    const es = await get('/es/docs/order-management/refunds.md')
    expect(es.statusCode).toBe(200)
    expect(es.body.split('\n')[0]).toMatch(/^# Reembols/)
    expect(es.body).toContain('```bash')
    expectCleanMarkdown(es.body)
  })

  it('keep the diagrams as mermaid blocks and the tables as Markdown tables', async () => {
    const webhooks = await get('/docs/webhooks.md')
    expect(webhooks.body).toMatch(/```mermaid\nsequenceDiagram\n/)
    expect(webhooks.body).toMatch(/^\| Header \| Value \|$/m)
  })
})

describe('llms.txt', () => {
  for (const [locale, prefix, firstSection] of [
    ['en', '', '## Get started'],
    ['es', '/es', '## Primeros pasos'],
  ] as const) {
    it(`lists every ${locale} page by section with its description, and the OpenAPI documents`, async () => {
      const response = await get(`${prefix}/llms.txt`)
      expect(response.statusCode).toBe(200)
      const lines = response.body.split('\n')
      expect(lines[0]).toBe('# Plazo Docs')
      expect(lines[2]).toMatch(/^> \S/)
      expect(lines[4]).toBe(firstSection)
      const links = [...response.body.matchAll(/^- \[([^\]]+)\]\(([^)]+)\)(: .+)?$/gm)]
      const pages = links.filter((link) => link[2]?.endsWith('.md'))
      expect(pages.length).toBeGreaterThan(60)
      for (const [, title, url, description] of pages) {
        expect(url?.startsWith(`${prefix}/docs/`), url).toBe(true)
        const twin = await get(url ?? '')
        expect(twin.statusCode, url).toBe(200)
        expect(twin.body.split('\n')[0], url).toBe(`# ${title}`)
        if (!url?.includes('/checkout-js/')) expect(description, url).toBeDefined()
      }
      for (const reference of apiReferences) {
        const document = reference.downloadPath[locale]
        expect(response.body).toContain(`- [${reference.title[locale]}](${document}): `)
        expect((await get(document)).statusCode).toBe(200)
      }
      const full = await get(`${prefix}/llms-full.txt`)
      expect(full.statusCode).toBe(200)
      for (const [, title] of pages) expect(full.body).toContain(`\n# ${title}\n`)
    })
  }
})

describe('Postman collections', () => {
  it('hold every operation of each reference, in each language, with baseUrl and token variables and a test each', async () => {
    for (const [locale, reference] of apiReferences.flatMap((r) =>
      (['en', 'es'] as const).map((l) => [l, r] as const),
    )) {
      const document = (await get(reference.downloadPath[locale])).json() as { paths: Record<string, object> }
      const operations = Object.entries(document.paths).flatMap(([path, item]) =>
        Object.keys(item)
          .filter((key) => ['get', 'post', 'put', 'patch', 'delete'].includes(key))
          .map((method) => `${method.toUpperCase()} ${path}`),
      )
      const response = await get(
        `${locale === 'es' ? '/es' : ''}/postman/${reference.id}.postman_collection.json`,
      )
      expect(response.statusCode).toBe(200)
      const collection = response.json() as {
        auth: { type: string; bearer: Array<{ key: string; value: string }> }
        variable: Array<{ key: string; value: string }>
        item: Array<{
          request: { method: string; url: { path: string[] } }
          event?: Array<{ listen: string }>
        }>
      }
      expect(collection.auth).toMatchObject({
        type: 'bearer',
        bearer: [{ key: 'token', value: '{{token}}' }],
      })
      expect(collection.variable.map((v) => v.key).slice(0, 2)).toEqual(['baseUrl', 'token'])
      expect(collection.variable[0]?.value).toBe('http://localhost:4000/api/v2')
      // In the order of a flow (scripts/postman-flow.ts): every operation at least once, each request tested.
      const requests = new Set(
        collection.item.map(
          ({ request }) =>
            `${request.method} /${request.url.path.map((part) => part.replace(/^:(.+)$/, '{$1}')).join('/')}`,
        ),
      )
      expect(
        operations.filter((operation) => !requests.has(operation)),
        reference.id,
      ).toEqual([])
      expect(collection.item.every((item) => item.event?.some((event) => event.listen === 'test'))).toBe(true)
    }
  })
})
