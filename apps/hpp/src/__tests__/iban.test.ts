// IBANs as banks print them (issue 41, item 9): spaces and any case accepted, sent as the contract's pattern
// wants them, and a mistyped one caught by its check digits.
import { IncomeSchema, validate } from '@plazo/contract'
import { describe, expect, it } from 'vitest'
import { formatIban, normaliseIban } from '../iban.ts'

describe('IBANs as typed', () => {
  it.each([
    ['ES91 2100 0418 4502 0005 1332', 'ES9121000418450200051332'],
    ['es91 2100 0418 4502 0005 1332', 'ES9121000418450200051332'],
    ['ES9121000418450200051332', 'ES9121000418450200051332'],
    [' es91\u00a02100-0418-4502-0005-1332 ', 'ES9121000418450200051332'],
    ['FR76 3000 6000 0112 3456 7890 189', 'FR7630006000011234567890189'],
    ['DE89 3704 0044 0532 0130 00', 'DE89370400440532013000'],
    ['GB82 WEST 1234 5698 7654 32', 'GB82WEST12345698765432'],
  ])('%j is %s, which the contract takes', (typed, iban) => {
    expect(normaliseIban(typed)).toBe(iban)
    expect(validate(IncomeSchema.properties.account_number, iban).ok).toBe(true)
  })

  it.each([
    'ES91 2100 0418 4502 0005 1333', // one digit wrong
    'ES91 2100 0418 4502 0051 3320', // two digits swapped
    'ES91 2100 0418 4502 0005 133', // a digit short
    'FR76 3000 6000 0112 3456 7890 18',
    'ES91 2100',
    '9121000418450200051332',
    'ES91 2100 0418 4502 0005 133Ñ',
    '',
  ])('%j is refused', (typed) => {
    expect(normaliseIban(typed)).toBeUndefined()
  })

  it('is shown in groups of four', () => {
    expect(formatIban('ES9121000418450200051332')).toBe('ES91 2100 0418 4502 0005 1332')
    expect(formatIban('FR7630006000011234567890189')).toBe('FR76 3000 6000 0112 3456 7890 189')
  })
})
