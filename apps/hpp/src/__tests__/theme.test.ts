import { describe, expect, it } from 'vitest'
import { contrast, readableOn, themeStyle } from '../theme.ts'

describe('theme', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrast('#000', '#fff')).toBeCloseTo(21, 5)
    expect(contrast('#ffffff', '#ffffff')).toBe(1)
    expect(contrast('#0f5f59', '#ffffff')).toBeGreaterThan(4.5)
  })

  it('keeps the merchant colours and shape as CSS variables', () => {
    expect(
      themeStyle({
        color_text: '#111827',
        color_brand: '#5b21b6',
        color_brand_foreground: '#fff',
        color_border: '#e5e7eb',
        color_background: '#fafafa',
        shape: 'pill',
      }),
    ).toEqual({
      '--color-text': '#111827',
      '--color-brand': '#5b21b6',
      '--color-brand-foreground': '#fff',
      '--color-border': '#e5e7eb',
      '--color-background': '#fafafa',
      '--radius': '999px',
      '--radius-box': '1.25rem',
    })
    expect(themeStyle(null)).toEqual({})
    expect(themeStyle({ shape: 'rectangular' })).toEqual({ '--radius': '0', '--radius-box': '0' })
  })

  it('replaces text colours that would fail AA on their background', () => {
    // Yellow brand with the default white label: unreadable, so the label turns black.
    expect(themeStyle({ color_brand: '#facc15' })['--color-brand-foreground' as never]).toBe('#000000')
    // Light grey text on white.
    expect(themeStyle({ color_text: '#d1d5db' })['--color-text' as never]).toBe('#000000')
    // A dark background without a text colour: the default dark text would vanish.
    expect(themeStyle({ color_background: '#111111' })['--color-text' as never]).toBe('#ffffff')
    expect(readableOn('#ffffff', '#1f2937')).toBe('#1f2937')
  })
})
