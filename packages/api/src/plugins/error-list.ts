import { CONSTANTS, type SchemaError } from '@plazo/contract'

const MAX_ENTRIES = CONSTANTS.SCHEMA_ERRORS_MAX.value
const MAX_BODY_BYTES = CONSTANTS.ERROR_BODY_MAX_BYTES.value
/** A field pointer or message longer than this is cut: a key of the body can be as long as the body. */
const MAX_TEXT = 300

function cut(text: string): string {
  return text.length <= MAX_TEXT ? text : `${text.slice(0, MAX_TEXT - 1)}…`
}

function more(count: number): SchemaError {
  return { field: '/', message: `${count} more errors not listed`, keyword: 'maxErrors' }
}

/**
 * The `schema_errors` of a 400, bounded: at most SCHEMA_ERRORS_MAX entries, each field and message cut to a few
 * hundred characters, and past them one entry that says how many more there were. A client fixes the first
 * errors first; a list of every error of a hostile body would cost more to build and send than the body did.
 */
export function boundedErrorList(errors: readonly SchemaError[]): SchemaError[] {
  const listed = errors
    .slice(0, MAX_ENTRIES)
    .map((error) => ({ field: cut(error.field), message: cut(error.message), keyword: cut(error.keyword) }))
  return errors.length > MAX_ENTRIES ? [...listed, more(errors.length - MAX_ENTRIES)] : listed
}

/**
 * Keep a 400 body within ERROR_BODY_MAX_BYTES: entries are dropped from the end of `schema_errors` (the last one
 * then counts them) until it fits. With `original_data` bounded to 16 KiB and entries to a few hundred bytes,
 * this only acts on entries full of characters JSON escapes.
 */
export function fitErrorBody(body: { schema_errors: SchemaError[] } & Record<string, unknown>): void {
  const entries = body.schema_errors
  const total = (list: SchemaError[]) => {
    const last = list.at(-1)
    const listed = last?.keyword === 'maxErrors' ? list.length - 1 : list.length
    return listed + (last?.keyword === 'maxErrors' ? Number.parseInt(last.message, 10) : 0)
  }
  const count = total(entries)
  let kept = entries.filter((entry) => entry.keyword !== 'maxErrors')
  while (kept.length > 1 && Buffer.byteLength(JSON.stringify(body)) > MAX_BODY_BYTES) {
    kept = kept.slice(0, Math.floor(kept.length * 0.8))
    body.schema_errors = [...kept, more(count - kept.length)]
  }
}
