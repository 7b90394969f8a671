import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Ajv } from 'ajv'
import { describe, expect, it } from 'vitest'
import { withCodeSamples } from '../src/code-samples/index.ts'
import { configureAjv } from '../src/index.ts'
import { buildOpenApiDocument, EXTRA_REQUEST_EXAMPLES, OPENAPI_DOCUMENT_NAMES } from '../src/openapi/index.ts'
import { validate } from '../src/validation.ts'

const dir = fileURLToPath(new URL('../openapi/', import.meta.url))
type Doc = Record<string, unknown>
const committed = (name: string): Doc => JSON.parse(readFileSync(`${dir}${name}.json`, 'utf8'))

interface MediaExample {
  where: string
  schema: unknown
  value: unknown
}

/** Every (schema, example) pair of a document: request bodies, responses and webhooks. */
function mediaExamples(doc: Doc): MediaExample[] {
  const out: MediaExample[] = []
  const visitOperation = (where: string, op: Record<string, unknown>) => {
    const bodies: Array<[string, unknown]> = []
    const requestBody = op.requestBody as { content?: Record<string, unknown> } | undefined
    if (requestBody?.content) bodies.push([`${where} request`, requestBody.content])
    for (const [status, response] of Object.entries(
      (op.responses ?? {}) as Record<string, { content?: unknown }>,
    )) {
      if (response.content) bodies.push([`${where} ${status}`, response.content])
    }
    for (const [label, content] of bodies) {
      for (const media of Object.values(
        content as Record<string, { schema?: unknown; examples?: Record<string, { value: unknown }> }>,
      )) {
        for (const [exampleName, example] of Object.entries(media.examples ?? {})) {
          out.push({ where: `${label} ${exampleName}`, schema: media.schema, value: example.value })
        }
      }
    }
  }
  for (const group of ['paths', 'webhooks'] as const) {
    for (const [path, item] of Object.entries(
      (doc[group] ?? {}) as Record<string, Record<string, Record<string, unknown>>>,
    )) {
      for (const [method, op] of Object.entries(item)) visitOperation(`${method.toUpperCase()} ${path}`, op)
    }
  }
  return out
}

describe.each(OPENAPI_DOCUMENT_NAMES)('OpenAPI document %s', (name) => {
  const doc = committed(name)

  it('is up to date with the schemas (regenerate with `npm run build -w packages/contract`)', () => {
    expect(doc).toEqual(JSON.parse(JSON.stringify(withCodeSamples(buildOpenApiDocument(name), name))))
  })

  it('is OpenAPI 3.1 with production, staging and local servers', () => {
    expect(doc.openapi).toBe('3.1.0')
    const servers = (doc.servers as Array<{ url: string }>).map((s) => s.url)
    expect(servers).toContain('http://localhost:4000/api/v2')
    expect(servers.filter((url) => url.endsWith('/api/v2'))).toHaveLength(3)
  })

  it('secures every server call with the bearer token and no browser call with it', () => {
    for (const [path, item] of Object.entries(
      (doc.paths ?? {}) as Record<string, Record<string, { security: unknown[] }>>,
    )) {
      for (const op of Object.values(item)) {
        // The client calls (docs/adr/0006) run in the customer's browser: the embedded ones take the session's
        // client secret, the hosted page ones its id in the path, the public ones an agent id; never a token.
        // The logout ends the login of the token it is called with.
        if (path.startsWith('/client/embedded')) expect(op.security).toEqual([{ clientSecret: [] }])
        else if (path === '/auth/logout') expect(op.security).toEqual([{ bearerAuth: [] }])
        else if (path.startsWith('/auth/') || path.startsWith('/client/')) expect(op.security).toEqual([])
        else expect(op.security).toEqual([{ bearerAuth: [] }])
      }
    }
  })

  it('takes an Idempotency-Key, and documents its 400, 409 and 422, on every POST made with the token but the secret rotation and the logout, and nowhere else', () => {
    for (const [path, item] of Object.entries(
      (doc.paths ?? {}) as Record<
        string,
        Record<string, { security: unknown[]; parameters?: Array<{ $ref?: string }>; responses: object }>
      >,
    )) {
      for (const [method, op] of Object.entries(item)) {
        const withToken = JSON.stringify(op.security) === JSON.stringify([{ bearerAuth: [] }])
        const takesKey = (op.parameters ?? []).some(
          (p) => p.$ref === '#/components/parameters/IdempotencyKey',
        )
        // The secret rotation answers with a credential, which a replay would have to keep in clear; a logout
        // repeated does what the first did (or answers 401 once the token is over).
        const answersCredential = path === '/webhooks/secret/rotate'
        const endsLogin = path === '/auth/logout'
        expect(takesKey, `${method} ${path}`).toBe(
          method === 'post' && withToken && !answersCredential && !endsLogin,
        )
        if (takesKey)
          expect(Object.keys(op.responses), `${method} ${path}`).toEqual(
            expect.arrayContaining(['400', '409', '422']),
          )
      }
    }
  })

  it('declares the x-client-secret scheme exactly where a call uses it', () => {
    const schemes = (doc.components as { securitySchemes: Record<string, unknown> }).securitySchemes
    const usesSecret = Object.keys((doc.paths ?? {}) as Doc).some((path) =>
      path.startsWith('/client/embedded'),
    )
    expect(name === 'checkout-session-embedded').toBe(usesSecret)
    if (usesSecret) {
      expect(schemes.clientSecret).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-client-secret' })
    } else expect(schemes.clientSecret).toBeUndefined()
  })

  const examples = mediaExamples(doc)
  it('has examples', () => {
    expect(examples.length).toBeGreaterThan(name === 'webhook' ? 5 : 15)
  })

  // The document itself is the schema registry: every example is checked against the schema it sits under.
  const ajv = configureAjv(new Ajv({ strict: false, discriminator: true, allErrors: true }))
  ajv.addSchema(doc, 'doc')
  it('would reject a broken example (the check is not vacuous)', () => {
    const first = examples.find((e) => (e.schema as { $ref?: string }).$ref)
    expect(first).toBeDefined()
    const check = ajv.compile({ $ref: `doc${(first?.schema as { $ref: string } | undefined)?.$ref}` })
    expect(check({ not: 'the right shape' })).toBe(false)
  })

  it.each(examples.map((e) => [e.where, e] as const))(
    'example %s validates against its schema',
    (_where, example) => {
      const ref = (example.schema as { $ref?: string }).$ref
      const schema = ref ? { $ref: `doc${ref}` } : example.schema
      const check = ajv.compile(schema as object)
      const ok = check(structuredClone(example.value))
      expect(check.errors ?? []).toEqual([])
      expect(ok).toBe(true)
    },
  )
})

describe('the four documents', () => {
  it('have one request example per article type in both modes and a full-customer payment intent', () => {
    const post = (name: string, path: string) =>
      (
        (committed(name).paths as Doc)[path] as Record<
          string,
          { requestBody: { content: Record<string, { examples: Doc }> } }
        >
      ).post?.requestBody.content['application/json']?.examples ?? {}
    const types = ['product', 'service', 'accommodation', 'travel', 'flight', 'automobile']
    expect(Object.keys(post('checkout-session-embedded', '/checkout'))).toEqual(types)
    expect(Object.keys(post('checkout-session-hpp', '/checkout'))).toEqual(types)
    expect(Object.keys(post('checkout-session-embedded', '/checkout/payment-intent'))).toHaveLength(1)
  })

  it('show the exact 409 cart message', () => {
    const text = JSON.stringify(committed('checkout-session-hpp'))
    expect(text).toContain(
      'The total price of the cart (79) differs from the sum of all the items total price (75).',
    )
  })

  it('document the client API of the hosted page and of the embedded checkout in their documents', () => {
    const operations = (name: string) =>
      Object.entries(committed(name).paths as Record<string, Doc>).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      )
    expect(operations('checkout-session-hpp').filter((op) => op.includes('/client/'))).toEqual([
      'GET /client/hpp/{hpp_id}',
      'GET /client/hpp/{hpp_id}/secci',
      'POST /client/hpp/{hpp_id}/complete',
      'POST /client/hpp/{hpp_id}/desist',
      'POST /client/hpp/{hpp_id}/distribute',
    ])
    expect(operations('checkout-session-embedded').filter((op) => op.includes('/client/embedded'))).toEqual([
      'GET /client/embedded',
      'GET /client/embedded/secci',
      'POST /client/embedded/complete',
      'POST /client/embedded/desist',
      'GET /client/embedded/down-payment',
      'POST /client/embedded/down-payment/complete',
      'POST /client/embedded/down-payment/desist',
    ])
  })

  it('describe the six webhook events', () => {
    expect(Object.keys(committed('webhook').webhooks as Doc).sort()).toEqual(
      [
        'capture_approved',
        'checkout_session_status_changed',
        'conditions_changed',
        'down_payment_status_changed',
        'payment_intent_status_changed',
        'refund_approved',
      ].sort(),
    )
  })

  it.each(EXTRA_REQUEST_EXAMPLES.map((e, i) => [i, e] as const))(
    'extra example %i validates',
    (_i, { schema, value }) => {
      expect(validate(schema, value)).toMatchObject({ ok: true })
    },
  )
})
