import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { apiReferences } from '../../../../api-references.ts'
import { fillPath, operationsOf } from '../operation.ts'
import { BodyChecker } from '../validator.ts'

/** The Try it console's reading of the four OpenAPI documents, and its checks of request bodies. */

const documents = apiReferences.map((reference) => ({
  name: reference.fileName,
  document: JSON.parse(
    readFileSync(
      new URL(`../../../../../../packages/contract/openapi/${reference.fileName}`, import.meta.url),
      'utf8',
    ),
  ) as object,
}))

function hpp() {
  const found = documents.find((entry) => entry.name === 'checkout-session-hpp.json')
  if (!found) throw new Error('no HPP document')
  return found.document
}

describe('operationsOf', () => {
  it('reads method, path, parameters, authentication and body of an operation', () => {
    const operations = operationsOf(hpp())
    expect(operations.get('getCheckoutSession')).toEqual({
      operationId: 'getCheckoutSession',
      method: 'GET',
      path: '/checkout/{checkout_session_id}',
      parameters: [{ name: 'checkout_session_id', in: 'path', required: true }],
      idempotent: false,
      auth: 'bearer',
      body: undefined,
    })
    const create = operations.get('createHppCheckoutSession')
    expect(create?.method).toBe('POST')
    expect(create?.idempotent).toBe(true)
    expect(create?.body?.required).toBe(true)
    expect(create?.body?.examples.map((example) => example.name)).toContain('product')
    expect(operations.get('login')?.auth).toBe('none')
    expect(operations.get('sandboxOutbox')?.parameters).toEqual([
      { name: 'hpp_id', in: 'query', required: true },
    ])
  })

  it('tells the embedded client endpoints by their client secret', () => {
    const embedded = documents.find((entry) => entry.name === 'checkout-session-embedded.json')?.document
    expect(operationsOf(embedded).get('getEmbeddedClientSession')?.auth).toBe('client-secret')
  })

  it('fills and encodes path parameters', () => {
    expect(fillPath('/checkout/{checkout_session_id}/refund', { checkout_session_id: 'a/b c' })).toBe(
      '/checkout/a%2Fb%20c/refund',
    )
  })
})

describe('BodyChecker', () => {
  it.each(documents)('accepts every request example of $name', ({ document }) => {
    const checker = new BodyChecker(document)
    const operations = [...operationsOf(document).values()].filter((operation) => operation.body)
    expect(operations.length).toBeGreaterThan(0)
    for (const operation of operations) {
      for (const example of operation.body?.examples ?? []) {
        const check = checker.check(operation.body?.schemaPointer ?? '', JSON.stringify(example.value))
        expect(check, `${operation.operationId} ${example.name}`).toEqual({ kind: 'valid' })
      }
    }
  })

  it('names each invalid field with the message the API gives', () => {
    const checker = new BodyChecker(hpp())
    const create = operationsOf(hpp()).get('createHppCheckoutSession')
    const example = create?.body?.examples[0]?.value as Record<string, unknown>
    const check = checker.check(
      create?.body?.schemaPointer ?? '',
      JSON.stringify({ ...example, cart: undefined, surprise: 1, purchase_country: 'XX' }),
    )
    expect(check.kind).toBe('invalid')
    const errors = check.kind === 'invalid' ? check.errors : []
    expect(errors).toContainEqual({ field: '/cart', message: 'is required', keyword: 'required' })
    expect(errors).toContainEqual({
      field: '/surprise',
      message: 'is not a known field',
      keyword: 'additionalProperties',
    })
    expect(errors.find((error) => error.field === '/purchase_country')?.message).toMatch(
      /must be one of: ESP, FRA/,
    )
  })

  it('says when the text is not JSON, and when there is none', () => {
    const checker = new BodyChecker(hpp())
    const pointer = operationsOf(hpp()).get('createHppCheckoutSession')?.body?.schemaPointer ?? ''
    expect(checker.check(pointer, '{"cart": ').kind).toBe('not-json')
    expect(checker.check(pointer, '  ')).toEqual({ kind: 'empty' })
  })

  it('renames deprecated aliases first, as the API does', () => {
    const checker = new BodyChecker(hpp())
    const complete = operationsOf(hpp()).get('completeHostedPageCheckout')
    const loan = complete?.body?.examples.find((example) => example.name === 'loan')?.value as {
      customer: { document_details: Record<string, unknown> }
    }
    const { birth_date, ...details } = loan.customer.document_details
    const withDetails = (extra: Record<string, unknown>) =>
      checker.check(
        complete?.body?.schemaPointer ?? '',
        JSON.stringify({
          ...loan,
          customer: { ...loan.customer, document_details: { ...details, ...extra } },
        }),
      )
    expect(withDetails({ birt_date: birth_date })).toEqual({ kind: 'valid' })
    expect(withDetails({ birth_dat: birth_date }).kind).toBe('invalid')
  })
})
