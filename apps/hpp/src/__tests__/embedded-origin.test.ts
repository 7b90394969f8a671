import { beforeAll, describe, expect, it } from 'vitest'
import { CONTRACT_RULES } from '../../scripts/vite-config.ts'

let parentOrigin: (search: string, referrer: string) => string | null

beforeAll(async () => {
  ;(globalThis as Record<string, unknown>).__PLAZO_RULES__ = CONTRACT_RULES
  parentOrigin = (await import('../pages/EmbeddedPage.tsx')).parentOrigin
})

describe('the embedded checkout trusts only its parent page', () => {
  it('takes the origin checkout-js gives, else the referrer’s, never a path or a null origin', () => {
    expect(parentOrigin('?origin=https%3A%2F%2Fshop.example.com', '')).toBe('https://shop.example.com')
    expect(parentOrigin('?origin=https%3A%2F%2Fshop.example.com%2Fcart%3Fa%3D1', '')).toBe(
      'https://shop.example.com',
    )
    expect(parentOrigin('', 'https://shop.example.com/checkout?step=2')).toBe('https://shop.example.com')
    expect(parentOrigin('?origin=not-a-url', 'http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080')
    expect(parentOrigin('?origin=data%3Atext%2Fhtml%2Cx', '')).toBeNull()
    expect(parentOrigin('', '')).toBeNull()
  })
})
