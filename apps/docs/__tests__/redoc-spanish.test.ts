// The Spanish references rewrite Redoc's fixed English chrome in its two bundles (plugins/redoc-spanish.ts).
// Each anchor must occur exactly as often as the table says in the installed Redoc, or a phrase would stay
// English (missing anchor) or be half rewritten (an extra occurrence).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  occurrences,
  REDOC_BUNDLES,
  redocBundlesDir,
  redocSpanishPhrases,
  redocSpanishRule,
  translateRedoc,
} from '../plugins/redoc-spanish.ts'

const bundles = REDOC_BUNDLES.map((name) => ({
  name,
  text: readFileSync(join(redocBundlesDir(), name), 'utf8'),
}))

describe.each(bundles)('Redoc bundle $name', ({ text }) => {
  it.each(redocSpanishPhrases.map((phrase) => ({ ...phrase, label: String(phrase.search) })))(
    'holds $label exactly as often as the table says',
    ({ search, count }) => {
      expect(occurrences(text, search)).toBe(count)
    },
  )

  const translated = translateRedoc(text)

  it('still parses once translated, with no anchor left', () => {
    expect(() => new Function(translated)).not.toThrow()
    for (const { search } of redocSpanishPhrases) {
      const stillThere = occurrences(translated, search)
      // "Parámetros de" keeps no English; `" or "` becomes `" o "`: every anchor is gone.
      expect(stillThere, String(search)).toBe(0)
    }
  })

  it('renders the chrome in Spanish', () => {
    for (const phrase of [
      '"Esquema del cuerpo de la petición: "',
      '"Parámetros de ",({path:"ruta"',
      '"Autorizaciones:"',
      '"caracteres",',
      '" Desplegar todo "',
      '},"Copiar")',
    ]) {
      expect(translated).toContain(phrase)
    }
  })
})

describe('the loader rule', () => {
  it('applies to both bundles and to nothing else', () => {
    const test = redocSpanishRule().test as RegExp
    for (const name of REDOC_BUNDLES) expect(test.test(join(redocBundlesDir(), name))).toBe(true)
    expect(test.test(join(redocBundlesDir(), 'redoc.standalone.js'))).toBe(false)
    expect(test.test('/work/node_modules/react/index.js')).toBe(false)
  })

  it('takes every replacement literally, `$` included', () => {
    const rule = redocSpanishRule() as { options: { multiple: { replace: unknown; strict: boolean }[] } }
    for (const entry of rule.options.multiple) {
      expect(typeof entry.replace).toBe('function')
      expect(entry.strict).toBe(true)
    }
    expect(translateRedoc('x.replace(/a/,"$1s$2")')).toBe('x.replace(/a/,"$1$2")')
  })
})
