import { _, type Ajv, type KeywordCxt } from 'ajv'

/**
 * `maxLength` and `minLength` as Ajv checks them (length in code points, a surrogate pair counting once, the same
 * error message and params), without counting the characters of a string whose length in UTF-16 units already
 * decides: a string of n units has between n/2 and n code points. Ajv's own check counts every character, so a
 * 900 KB string over a 50-character bound took milliseconds twice (once per validation pass); it now takes a
 * comparison. Only strings between the bound and twice it are counted.
 */
function codePoints(text: string): number {
  let count = 0
  for (let i = 0; i < text.length; i++) {
    count++
    const code = text.charCodeAt(i)
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      if ((text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++
    }
  }
  return count
}

export function longerThan(text: string, limit: number): boolean {
  if (text.length <= limit) return false
  if (text.length > 2 * limit) return true
  return codePoints(text) > limit
}

export function shorterThan(text: string, limit: number): boolean {
  if (text.length < limit) return true
  if (text.length >= 2 * limit) return false
  return codePoints(text) < limit
}

/**
 * Swaps the check of an instance's maxLength and minLength keywords (before any schema is compiled), keeping each
 * keyword's place among the others (errors come in the same order) and its error message and params.
 */
export function useBoundedStringLength(ajv: Ajv): Ajv {
  for (const [keyword, check] of [
    ['maxLength', longerThan],
    ['minLength', shorterThan],
  ] as const) {
    const rule = ajv.RULES.all[keyword]
    if (typeof rule !== 'object') throw new Error(`Ajv has no ${keyword} keyword to replace`)
    rule.definition = {
      ...rule.definition,
      code(cxt: KeywordCxt) {
        const fn = cxt.gen.scopeValue('func', { ref: check, key: check.name })
        cxt.fail$data(_`${fn}(${cxt.data}, ${cxt.schemaCode})`)
      },
    }
  }
  return ajv
}
