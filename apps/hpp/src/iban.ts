// IBANs as people copy them from their bank (groups of four, any case) to the form the API takes (upper case,
// no spaces), checked by their ISO 13616 check digits so a mistyped digit is caught on the page, not by the
// lender days later.

/** Where Plazo's customers bank: a Spanish or French IBAN of another length is a digit too many or too few. */
const LENGTHS: Record<string, number> = { ES: 24, FR: 27 }

/** The IBAN upper-cased without spaces, or undefined when its shape, length or check digits are wrong. */
export function normaliseIban(typed: string): string | undefined {
  const iban = typed.replace(/[\s\u00a0\u202f-]/g, '').toUpperCase()
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return undefined
  const length = LENGTHS[iban.slice(0, 2)]
  if (length !== undefined && iban.length !== length) return undefined
  return mod97(`${iban.slice(4)}${iban.slice(0, 4)}`) === 1 ? iban : undefined
}

/** ISO 7064 MOD 97-10 of the rearranged IBAN, letters as 10 to 35, a few digits at a time (no BigInt). */
function mod97(rearranged: string): number {
  let remainder = 0
  for (const char of rearranged) {
    const value = char >= 'A' ? String(char.charCodeAt(0) - 55) : char
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97
  }
  return remainder
}

/** The IBAN as banks print it, in groups of four (ES91 2100 0418 4502 0005 1332). */
export function formatIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ')
}
