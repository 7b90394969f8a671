// The prerendered API reference's styles for both themes (src/lib/redoc-loader/theme-css.ts).
import { describe, expect, it } from 'vitest'
import { plazoDarkColours } from '../src/lib/redoc-loader/dark-colours.ts'
import { themeStyles } from '../src/lib/redoc-loader/theme-css.ts'

const LIGHT = "html:not([data-theme='dark'])"
const BROKEN_DARK = "html([data-theme='dark'])"

/** A sheet as redocusaurus writes it: styled-components' rules and name lists, under one scope. */
function sheet(scope: string, rules: string[], names: Record<string, string[]>): string {
  const lists = Object.entries(names).map(
    ([component, list], index) =>
      `${scope} data-styled.g${index + 1}[id="${component}"]{content:"${list.join(',')},"}/*!sc*/`,
  )
  return [...rules.map((rule) => `${scope} ${rule}/*!sc*/`), ...lists].join('\n')
}

describe('themeStyles', () => {
  const light = sheet(
    LIGHT,
    [
      '.aaa{width:300px;background-color:#ffffff;}',
      '.bbb{color:#333;}',
      '.ccc{color:#0e7c86;}',
      '.bbb:hover .aaa{color:red;}',
    ],
    { 'sc-menu': ['aaa'], 'sc-text': ['bbb', 'ccc'] },
  )
  const dark = sheet(
    BROKEN_DARK,
    [
      '.xxx{width:300px;background-color:rgb(24, 25, 26);}',
      '.yyy{color:#f5f6f7;}',
      '.zzz{color:#0e7c86;}',
      '.yyy:hover .xxx{color:pink;}',
    ],
    { 'sc-menu': ['xxx'], 'sc-text': ['yyy', 'zzz'] },
  )

  it('scopes the dark rules validly and renames their classes to those of the (light) prerendered markup', () => {
    const css = themeStyles(light, dark)
    expect(css).toContain("html[data-theme='dark'] .aaa{width:300px;background-color:rgb(24, 25, 26);}")
    expect(css).toContain("html[data-theme='dark'] .bbb{color:#f5f6f7;}")
    expect(css).toContain("html[data-theme='dark'] .bbb:hover .aaa{color:pink;}")
    expect(css).toContain(`${LIGHT} .aaa{width:300px;background-color:#ffffff;}`)
    expect(css).not.toMatch(/xxx|yyy|zzz|html\(\[/)
  })

  it('drops the name lists and separators, which nothing reads in the page', () => {
    expect(themeStyles(light, dark)).not.toMatch(/data-styled|\/\*!sc\*\//)
  })

  it('replaces the fixed colours that fail on the dark theme, in the dark rules only', () => {
    const css = themeStyles(light, dark)
    expect(css).toContain("html[data-theme='dark'] .ccc{color:#5cc8d1;}")
    expect(css).toContain(`${LIGHT} .ccc{color:#0e7c86;}`)
  })

  it('refuses renders that do not line up', () => {
    const other = sheet(BROKEN_DARK, ['.xxx{color:#fff;}'], {
      'sc-menu': ['xxx', 'www'],
      'sc-text': ['yyy', 'zzz'],
    })
    expect(() => themeStyles(light, other)).toThrow(/sc-menu \(1 and 2 classes\)/)
  })
})

describe('plazoDarkColours (the same replacement in the browser, as a stylis plugin)', () => {
  it('rewrites the declarations it knows and leaves the others', () => {
    const pattern = { type: 'decl', props: 'color', children: '#0e7c86', return: '' }
    plazoDarkColours(pattern)
    expect(pattern.return).toBe('color:#5cc8d1;')
    const text = { type: 'decl', props: 'color', children: '#ffffff', return: '' }
    plazoDarkColours(text)
    expect(text.return).toBe('')
  })
})
