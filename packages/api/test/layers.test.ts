// The API's layering (docs/adr/0009, packages/api/README.md): every SQL statement lives in src/storage/, in the
// repository of its table. The imports between layers are held by Biome (noRestrictedImports in biome.json);
// this file holds the SQL, which no import rule sees: it reads every string and template literal of src/ with
// the TypeScript scanner and fails on one that reads as an SQL statement outside storage/.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const SRC = fileURLToPath(new URL('../src', import.meta.url))

/** The beginnings of SQL statements, as the project writes them (keywords in upper case). */
const STATEMENT =
  /\b(?:SELECT\b[\s\S]*?\bFROM\s+\w|INSERT\s+INTO\s|UPDATE\s+\w+\s+SET\s|DELETE\s+FROM\s|(?:CREATE|ALTER|DROP)\s+(?:TABLE|INDEX|UNIQUE\s+INDEX)\s|WITH\s+\w+\s*(?:\([^)]*\))?\s+AS\s*\()/

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

/** The text of every string and template literal of a file (template parts apart), with its line. */
function literals(text: string): Array<{ line: number; text: string }> {
  const found: Array<{ line: number; text: string }> = []
  const file = ts.createSourceFile('file.ts', text, ts.ScriptTarget.Latest, true)
  const visit = (node: ts.Node): void => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      found.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.text })
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

/** The SQL statements written in a file: `path:line text`. */
function statementsIn(path: string): string[] {
  return literals(readFileSync(path, 'utf8'))
    .filter((literal) => STATEMENT.test(literal.text))
    .map(
      (literal) => `${relative(SRC, path)}:${literal.line} ${literal.text.replace(/\s+/g, ' ').slice(0, 80)}`,
    )
}

const isStorage = (path: string) => relative(SRC, path).split(sep)[0] === 'storage'

describe('layers of packages/api/src', () => {
  it('writes SQL only under storage/', () => {
    const outside = sourceFiles(SRC)
      .filter((path) => !isStorage(path))
      .flatMap(statementsIn)
    expect(outside).toEqual([])
  })

  it('recognises the statements it looks for, in strings and templates, and not prose or code', () => {
    const sample = `
      const a = 'SELECT id FROM checkout_sessions WHERE id = $1'
      const b = \`INSERT INTO events (seq) VALUES (\${value})\`
      const c = \`UPDATE merchants SET name = $2 WHERE id = $1\`
      const d = "DELETE FROM idempotency_keys WHERE key = $1"
      const e = \`\${x} ALTER TABLE users ADD COLUMN y TEXT\`
      const f = 'Select a payment method from the list'
      const g = 'The session is updated: SET a new URL'
      // SELECT id FROM comments is not code
    `
    const flagged = literals(sample).filter((literal) => STATEMENT.test(literal.text))
    expect(flagged.map((literal) => literal.line)).toEqual([2, 3, 4, 5, 6])
  })

  it('finds the statements that storage/ does hold, so an empty list above means something', () => {
    const inside = sourceFiles(SRC).filter(isStorage).flatMap(statementsIn)
    expect(inside.length).toBeGreaterThan(60)
    expect(inside.some((found) => found.startsWith(`storage${sep}session-repository.ts:`))).toBe(true)
  })
})
