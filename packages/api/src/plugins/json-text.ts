/**
 * What a JSON body must be beyond parsing, so that what is stored is what was sent (issue 36): UTF-8 text (a
 * declared charset other than UTF-8 is a 415, bytes that are not UTF-8 a 400, never replacement characters),
 * every key of an object once (JSON.parse keeps the last of two silently), and strings without NUL (which
 * PostgreSQL's jsonb refuses) or lone surrogates (which no UTF-8 store keeps as sent).
 */
import { isUtf8 } from 'node:buffer'
import { visit } from 'jsonc-parser'
import { type ApiError, badRequest } from '../errors.ts'
import { echoOfBytes, echoOfText } from './original-data.ts'

/** The charset a Content-Type declares, lower-cased, or undefined when it declares none. */
export function declaredCharset(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined
  for (const parameter of contentType.split(';').slice(1)) {
    const [name, ...value] = parameter.split('=')
    if (name?.trim().toLowerCase() !== 'charset') continue
    return value
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase()
  }
  return undefined
}

/** UTF-8 under its registered name or its common alias; JSON has no other encoding (RFC 8259 §8.1). */
export function isUtf8Charset(charset: string | undefined): boolean {
  return charset === undefined || charset === 'utf-8' || charset === 'utf8'
}

/** The 400 of bytes that are not UTF-8. */
export function notUtf8(bytes: Buffer): ApiError | undefined {
  if (isUtf8(bytes)) return undefined
  const error = { field: '/', message: 'is not valid UTF-8', keyword: 'encoding' }
  return badRequest('MALFORMED_JSON', error, undefined, echoOfBytes(bytes))
}

interface Inspection {
  keys: number
  problem?: { field: string; message: string }
}

/** With the `u` flag a surrogate pair is one code point: only a surrogate standing alone matches. */
const LONE_SURROGATE = /\p{Cs}/u

const escapePointer = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1')

/**
 * One walk of the parsed body: its keys, counted (to compare with the keys the text wrote), and, when the
 * text has `\u` escapes (the only way to write NUL or a lone surrogate in valid JSON of valid UTF-8), the first
 * string holding either.
 */
function inspect(value: unknown, strings: boolean, pointer: string, into: Inspection): void {
  if (into.problem) return
  if (typeof value === 'string') {
    if (!strings) return
    if (value.includes('\u0000'))
      into.problem = { field: pointer || '/', message: 'contains a NUL character' }
    else if (LONE_SURROGATE.test(value))
      into.problem = { field: pointer || '/', message: 'contains a lone surrogate' }
    return
  }
  if (typeof value !== 'object' || value === null) return
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) inspect(value[i], strings, `${pointer}/${i}`, into)
    return
  }
  for (const key in value) {
    into.keys++
    if (strings && (key.includes('\u0000') || LONE_SURROGATE.test(key))) {
      into.problem = { field: pointer || '/', message: 'has a key with a NUL character or a lone surrogate' }
      return
    }
    inspect((value as Record<string, unknown>)[key], strings, `${pointer}/${escapePointer(key)}`, into)
  }
}

/**
 * The 400 of a parsed body that breaks one of the rules above, or undefined. `writtenKeys` is the number of
 * keys the text wrote (scanJson counts them): more than the parsed objects hold means a key was repeated.
 */
export function textRuleError(text: string, value: unknown, writtenKeys: number): ApiError | undefined {
  const inspection: Inspection = { keys: 0 }
  inspect(value, text.includes('\\u'), '', inspection)
  const echo = echoOfText(text)
  if (inspection.problem) {
    return badRequest('BAD_REQUEST', { ...inspection.problem, keyword: 'string' }, undefined, echo)
  }
  if (inspection.keys === writtenKeys) return undefined
  const field = firstDuplicateKey(text)
  const error = { field: field ?? '/', message: 'is given more than once', keyword: 'uniqueKeys' }
  return badRequest('BAD_REQUEST', error, undefined, echo)
}

/** The JSON pointer of the first key written twice in one object (the error path only: a full tokenizer). */
export function firstDuplicateKey(text: string): string | undefined {
  const open: Array<Set<string>> = []
  let found: string | undefined
  visit(text, {
    onObjectBegin: () => {
      open.push(new Set())
    },
    onObjectEnd: () => {
      open.pop()
    },
    onObjectProperty: (property, _offset, _length, _line, _column, path) => {
      const keys = open.at(-1)
      if (found !== undefined || !keys) return
      if (keys.has(property))
        found = `/${[...path(), property].map((p) => escapePointer(String(p))).join('/')}`
      keys.add(property)
    },
  })
  return found
}
