// Phone numbers as Spaniards and French people write them (issue 41, item 9), to the E.164 form the contract
// takes (PhoneNumberSchema: + and 7 to 15 digits).
import { PhoneNumberSchema, validate } from '@plazo/contract'
import { describe, expect, it } from 'vitest'
import { normalisePhone, phoneCountryOf } from '../phone-number.ts'

const READ: Array<[string, 'ES' | 'FR', string]> = [
  ['600 123 456', 'ES', '+34600123456'],
  ['600123456', 'ES', '+34600123456'],
  ['600-12-34-56', 'ES', '+34600123456'],
  ['600.123.456', 'ES', '+34600123456'],
  ['(+34) 600 123 456', 'ES', '+34600123456'],
  ['+34 600 123 456', 'FR', '+34600123456'],
  ['0034 600 123 456', 'FR', '+34600123456'],
  ['91 123 45 67', 'ES', '+34911234567'],
  ['06 12 34 56 78', 'FR', '+33612345678'],
  ['06.12.34.56.78', 'FR', '+33612345678'],
  // A trunk zero is French whatever the page's language: Spanish numbers have none.
  ['06 12 34 56 78', 'ES', '+33612345678'],
  ['6 12 34 56 78', 'FR', '+33612345678'],
  ['+33 6 12 34 56 78', 'ES', '+33612345678'],
  ['+33 (0)6 12 34 56 78', 'ES', '+33612345678'],
  ['+33 06 12 34 56 78', 'ES', '+33612345678'],
  ['0033 1 23 45 67 89', 'ES', '+33123456789'],
  ['\u00a0600\u202f123\u202f456 ', 'ES', '+34600123456'],
  ['+351 912 345 678', 'ES', '+351912345678'],
  ['+44 20 7946 0958', 'FR', '+442079460958'],
]

const REFUSED: Array<[string, 'ES' | 'FR']> = [
  ['600 123 45', 'ES'], // a digit short
  ['600 123 4567', 'ES'],
  ['123 456 789', 'ES'], // no Spanish number starts with 1 to 5
  ['06 12 34 56', 'FR'],
  ['+34 500 123 456', 'ES'],
  ['+34 600 123 45', 'ES'],
  ['+33 6 12 34 56', 'FR'],
  ['+0 600 123 456', 'ES'],
  ['+1 234', 'ES'],
  ['600 ABC 456', 'ES'],
  ['tel: 600123456', 'ES'],
  ['', 'ES'],
]

describe('phone numbers as typed', () => {
  it.each(READ)('%j (%s) is %s, which the contract takes', (typed, country, e164) => {
    expect(normalisePhone(typed, country)).toBe(e164)
    expect(validate(PhoneNumberSchema, e164).ok).toBe(true)
  })

  it.each(REFUSED)('%j (%s) is refused', (typed, country) => {
    expect(normalisePhone(typed, country)).toBeUndefined()
  })

  it('reads a national number in the page’s language, else in the purchase country', () => {
    expect(phoneCountryOf('es', 'FRA')).toBe('ES')
    expect(phoneCountryOf('fr', 'ESP')).toBe('FR')
    expect(phoneCountryOf('en', 'FRA')).toBe('FR')
    expect(phoneCountryOf('en', 'ESP')).toBe('ES')
  })
})
