// httpsnippet writes the placeholders inside the string literals of the code it generates. These helpers
// find each literal holding one and let a language write it again as its own idiom: a concatenation, an
// f-string, a template literal, an interpolated string, or the bare variable when the literal is nothing
// else. Placeholders are letters and underscores only, which no language escapes, so a literal's raw text
// splits on them without decoding it.
import { type EnvVariable, PLACEHOLDER, variableNamed } from './request.ts'

export type Piece = { text: string } | { variable: EnvVariable }

/** The raw text between the quotes of a literal, split on its placeholders. Empty texts are dropped. */
export function piecesOf(raw: string, variables: EnvVariable[]): Piece[] {
  const pieces: Piece[] = []
  let last = 0
  for (const match of raw.matchAll(PLACEHOLDER)) {
    if (match.index > last) pieces.push({ text: raw.slice(last, match.index) })
    pieces.push({ variable: variableNamed(variables, match[1] as string) })
    last = match.index + match[0].length
  }
  if (last < raw.length) pieces.push({ text: raw.slice(last) })
  return pieces
}

/** The one variable a literal holds when it holds nothing else. */
export function onlyVariable(pieces: Piece[]): EnvVariable | undefined {
  const [first] = pieces
  return pieces.length === 1 && first && 'variable' in first ? first.variable : undefined
}

/**
 * Rewrites every literal `literals` matches that holds a placeholder. The expression captures pairs of
 * groups, one pair per alternative: the opening quote (or a name for the form), then the raw text.
 * `write` gets the quote, the pieces and the code before the literal on its line, and returns the code
 * that replaces the literal.
 */
export function rewriteLiterals(
  code: string,
  literals: RegExp,
  variables: EnvVariable[],
  write: (quote: string, pieces: Piece[], before: string) => string,
): string {
  return code.replace(literals, (literal: string, ...args: unknown[]) => {
    const offset = args.at(-2) as number
    const groups = args.slice(0, -2) as Array<string | undefined>
    for (let index = 0; index < groups.length; index += 2) {
      const raw = groups[index + 1]
      if (raw === undefined) continue
      if (!new RegExp(PLACEHOLDER.source).test(raw)) return literal
      const before = code.slice(code.lastIndexOf('\n', offset) + 1, offset)
      return write(groups[index] ?? '', piecesOf(raw, variables), before)
    }
    return literal
  })
}

/** `"a" + name + "b"`: the literal split into quoted texts and variables joined by an operator. */
export function concatenation(
  quote: string,
  pieces: Piece[],
  name: (variable: EnvVariable) => string,
  operator = ' + ',
): string {
  return pieces
    .map((piece) => ('variable' in piece ? name(piece.variable) : `${quote}${piece.text}${quote}`))
    .join(operator)
}

/** An interpolated literal: each text escaped by `text`, each variable written by `variable`. */
export function interpolation(
  pieces: Piece[],
  text: (raw: string) => string,
  variable: (variable: EnvVariable, next: string | undefined) => string,
): string {
  return pieces
    .map((piece, index) => {
      if (!('variable' in piece)) return text(piece.text)
      const next = pieces[index + 1]
      return variable(piece.variable, next && 'text' in next ? next.text : undefined)
    })
    .join('')
}

/** Double-quoted or single-quoted literals with backslash escapes, on one line. */
export const QUOTED = /(["'])((?:(?!\1)[^\\\n]|\\.)*)\1/g
/** Double-quoted literals with backslash escapes, on one line. */
export const DOUBLE_QUOTED = /(")((?:[^"\\\n]|\\.)*)"/g

/** The words of an environment variable after PLAZO_, lowercased: PLAZO_API_URL → [api, url]. */
export const wordsOf = (variable: EnvVariable) =>
  variable.name
    .replace(/^PLAZO_/, '')
    .toLowerCase()
    .split('_')

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

export const snakeCase = (variable: EnvVariable) => wordsOf(variable).join('_')

export const camelCase = (variable: EnvVariable) =>
  wordsOf(variable)
    .map((word, index) => (index ? capitalize(word) : word))
    .join('')

/** PascalCase of an operation id: captureCheckoutSession → CaptureCheckoutSession (Java and C# classes). */
export const pascalCase = (id: string) => capitalize(id)
