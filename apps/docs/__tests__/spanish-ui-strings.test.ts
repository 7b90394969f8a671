// The Spanish UI strings (code.json, the navbar, footer and sidebar labels) speak as the Spanish guides do: tú,
// sentence case, grammatical Spanish. Docusaurus ships Spanish theme strings that do not ("vea", "Ver Todas las
// Etiquetas", "no la indexaran"): code.json overrides each of them, and any the theme adds in an upgrade is
// checked here too, so a new one in usted or Title Case fails rather than reaching the site.
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { siteDir } from './pages.ts'

const esDir = join(siteDir, 'i18n/es')
type Messages = Record<string, { message: string }>

const read = (file: string): Messages => JSON.parse(readFileSync(join(esDir, file), 'utf8')) as Messages
const files = [
  'code.json',
  'docusaurus-plugin-content-docs/current.json',
  ...readdirSync(join(esDir, 'docusaurus-theme-classic')).map((name) => `docusaurus-theme-classic/${name}`),
]
const ours = files.flatMap((file) =>
  Object.entries(read(file)).map(([id, { message }]) => ({ where: `${file} ${id}`, message })),
)

// The theme's own Spanish (what the site shows for any id code.json does not override).
const require = createRequire(join(siteDir, 'package.json'))
const stockFile = require.resolve('@docusaurus/theme-translations/locales/es/theme-common.json')
const stock = JSON.parse(readFileSync(stockFile, 'utf8')) as Record<string, string>
const code = read('code.json')
const shownFromTheme = Object.entries(stock)
  .filter(([id]) => !id.endsWith('___DESCRIPTION') && !(id in code))
  .map(([id, message]) => ({ where: `theme-common.json ${id}`, message }))

/** Verb forms of usted (and the pronoun itself), as Docusaurus's Spanish uses them. */
const USTED =
  /\b(?:usted(?:es)?|vea|consulte|haga|pulse|introduzca|seleccione|compruebe|vuelva|inténtelo|espere|utilice|escriba|acceda|descargue|revise|indique|lea|recargue)\b/iu

/** Names that keep their capitals in a Spanish sentence. */
const PROPER = new Set(['Plazo', 'España', 'Francia', 'Node.js', 'Markdown', 'Postman', 'Import', 'Run'])

/** Words capitalised mid-sentence ("Ver Todas las Etiquetas"): Spanish writes titles in sentence case. */
function titleCase(message: string): string[] {
  const words = message.split(/\s+/)
  return words.filter((word, index) => {
    if (index === 0) return false
    const previous = words[index - 1] ?? ''
    if (/[.:!?]$/.test(previous) || !/\p{L}/u.test(previous)) return false
    const bare = word.replace(/^[«"'(¿¡]+|[»"'),.;:!?…]+$/g, '')
    return /^\p{Lu}\p{Ll}/u.test(bare) && !PROPER.has(bare)
  })
}

describe('Spanish UI strings', () => {
  it('read the stock theme strings the site shows (so this test sees a theme upgrade)', () => {
    expect(Object.keys(stock).length).toBeGreaterThan(50)
  })

  it.each([
    ['ours (code.json, navbar, footer, sidebar)', ours],
    ['the theme’s, where code.json does not override them', shownFromTheme],
  ])('address the reader as tú, never usted: %s', (_name, strings) => {
    expect(strings.filter(({ message }) => USTED.test(message))).toEqual([])
  })

  it.each([
    ['ours (code.json, navbar, footer, sidebar)', ours],
    ['the theme’s, where code.json does not override them', shownFromTheme],
  ])('are in sentence case, not Title Case: %s', (_name, strings) => {
    expect(strings.filter(({ message }) => titleCase(message).length > 0)).toEqual([])
  })

  it('override the theme’s ungrammatical Spanish', () => {
    const message = code['theme.contentVisibility.unlistedBanner.message']?.message ?? ''
    expect(message).not.toMatch(/indexaran/)
    expect(code['theme.tags.tagsPageLink']?.message).toBe('Ver todas las etiquetas')
  })
})
