import pc from 'picocolors'

/**
 * Colours only for a person at a terminal: never with NO_COLOR, TERM=dumb or when stdout is not a TTY (a pipe,
 * a CI log, a test), unless FORCE_COLOR asks. picocolors' own default also colours in CI, which we do not want.
 */
export const colour = pc.createColors(
  Boolean(process.env.FORCE_COLOR) ||
    (Boolean(process.stdout.isTTY) && !process.env.NO_COLOR && process.env.TERM !== 'dumb'),
)

/** One line of machine output (`--json`). */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value)}\n`)
}

export function print(line: string): void {
  process.stdout.write(`${line}\n`)
}

/** A time as `HH:MM:SS` (local). */
export function clock(date: Date = new Date()): string {
  return date.toTimeString().slice(0, 8)
}

/** Colours an HTTP status by class. */
export function status(code: number | string): string {
  const text = String(code)
  if (typeof code !== 'number') return colour.red(text)
  if (code < 300) return colour.green(text)
  if (code < 500) return colour.yellow(text)
  return colour.red(text)
}
