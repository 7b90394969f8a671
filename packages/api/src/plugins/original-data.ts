import { CONSTANTS } from '@plazo/contract'
import type { FastifyRequest } from 'fastify'

const MAX_BYTES = CONSTANTS.ORIGINAL_DATA_MAX_BYTES.value

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The request body exactly as received (its bytes), kept so a 400 can echo it as `original_data` and an
     * idempotency key can hash it; read it as text with `rawText`.
     */
    rawBytes?: Buffer
    /** The body's text, decoded from `rawBytes` once someone needs it whole (see rawText). */
    rawBody?: string
  }
}

/**
 * The body as text, decoded once. A body refused before it was parsed whole (a list far over its bound) is
 * never decoded whole: its echo is cut from the bytes (echoOfBytes).
 */
export function rawText(request: FastifyRequest): string | undefined {
  if (request.rawBody === undefined && request.rawBytes !== undefined)
    request.rawBody = request.rawBytes.toString('utf8')
  return request.rawBody
}

/**
 * What a 400 echoes as `original_data`: the body as sent (parsed from the raw text, or the raw text itself when
 * it is not JSON), or the path parameters or query that failed. An echo is at most ORIGINAL_DATA_MAX_BYTES as
 * JSON: a 1 MiB body answered in full would make every rejected request cost its sender nothing and the API
 * twice, and a body of `1e300`s would grow a hundredfold when written back.
 */
export function originalData(request: FastifyRequest, context: string | undefined): unknown {
  if (context === 'params') return bounded(request.params)
  if (context === 'querystring') return bounded(request.query)
  const bytes = request.rawBytes
  if (bytes === undefined) return bounded(request.body ?? null)
  // Past the limit as sent, it is cut without being parsed (it cannot fit once parsed either, bar escapes);
  // over three times the limit in bytes, it is over it in characters too, and is cut without being decoded.
  if (bytes.length > 3 * MAX_BYTES) return truncatedBytes(bytes)
  const raw = rawText(request) ?? ''
  if (raw.length > MAX_BYTES) return truncated(raw)
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return bounded(raw, raw)
  }
  return bounded(value, raw)
}

/** Bytes echoed as a string, however they would parse, cut past the limit; decoded whole only when short. */
export function echoOfBytes(bytes: Buffer): string {
  return bytes.length > 3 * MAX_BYTES ? truncatedBytes(bytes) : echoOfText(bytes.toString('utf8'))
}

/** A text echoed as a string, however it would parse, cut past the limit. */
export function echoOfText(text: string): string {
  return text.length <= MAX_BYTES && jsonBytes(text) <= MAX_BYTES ? text : truncated(text)
}

/** The value itself when it fits as JSON, else the text as sent (or the value's JSON), cut, with a note. */
function bounded(value: unknown, raw?: string): unknown {
  const json = JSON.stringify(value) ?? 'null'
  if (Buffer.byteLength(json) <= MAX_BYTES) return value
  return truncated(raw ?? json)
}

/** Room kept for the note and the quotes around the string. */
const NOTE_ROOM = 160

/** The first part of a text whose JSON string fits the limit, and a note saying how much was sent. */
export function truncated(text: string, sentBytes = Buffer.byteLength(text)): string {
  const budget = MAX_BYTES - NOTE_ROOM
  let end = Math.min(text.length, budget)
  let head = text.slice(0, end)
  // A character may take up to 6 bytes as JSON (`\u0000`): shrink in proportion until the head fits.
  for (let size = jsonBytes(head); size > budget; size = jsonBytes(head)) {
    end = Math.floor((end * budget) / size)
    head = text.slice(0, end)
  }
  // Never end on half of a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1)
  return `${head}… [truncated: ${sentBytes} bytes sent, the first ${Buffer.byteLength(head)} shown]`
}

/** `truncated` of a body far over the limit, decoding only its first bytes (up to a character's boundary). */
function truncatedBytes(bytes: Buffer): string {
  let end = Math.min(bytes.length, MAX_BYTES)
  // Back to the first byte of a character: UTF-8 continuation bytes are 10xxxxxx.
  while (end > 0 && end < bytes.length && ((bytes[end] as number) & 0xc0) === 0x80) end--
  return truncated(bytes.subarray(0, end).toString('utf8'), bytes.length)
}

function jsonBytes(text: string): number {
  return Buffer.byteLength(JSON.stringify(text))
}
