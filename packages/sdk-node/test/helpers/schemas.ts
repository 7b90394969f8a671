import { type TSchema, validate } from '@plazo/contract'
import { expect } from 'vitest'

/** Asserts that an answer the SDK returned validates against its response schema in the contract. */
export function expectValid<T>(schema: TSchema, value: T): T {
  const result = validate(schema, value)
  expect(result.ok ? [] : result.errors).toEqual([])
  return value
}
