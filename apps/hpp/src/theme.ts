import type { CSSProperties } from 'react'
import type { ClientSession } from './api.ts'

const RADIUS = { rectangular: '0', rounded: '0.5rem', pill: '999px' } as const
const BOX_RADIUS = { rectangular: '0', rounded: '0.75rem', pill: '1.25rem' } as const
/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5

function channels(hex: string): [number, number, number] {
  const h = hex.slice(1)
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16) / 255) as [number, number, number]
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG contrast ratio of two `#rgb` / `#rrggbb` colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** `preferred` when it is readable on `background`; else black or white, whichever reads better. */
export function readableOn(background: string, preferred: string): string {
  if (contrast(background, preferred) >= MIN_CONTRAST) return preferred
  return contrast(background, '#000000') >= contrast(background, '#ffffff') ? '#000000' : '#ffffff'
}

const DEFAULTS = { text: '#1f2937', brand: '#0f5f59', foreground: '#ffffff', background: '#ffffff' }

/**
 * The merchant's colours and shape (ui.customization) as the CSS variables the styles use. Text colours
 * that would not reach AA contrast on their background are replaced by black or white, so a merchant's
 * palette can never make the checkout unreadable.
 */
export function themeStyle(customization: ClientSession['customization']): CSSProperties {
  const c = customization ?? {}
  const background = c.color_background ?? DEFAULTS.background
  const brand = c.color_brand ?? DEFAULTS.brand
  const vars: Record<string, string> = {}
  if (c.color_background) vars['--color-background'] = background
  if (c.color_text || c.color_background)
    vars['--color-text'] = readableOn(background, c.color_text ?? DEFAULTS.text)
  if (c.color_brand) vars['--color-brand'] = brand
  if (c.color_brand || c.color_brand_foreground) {
    vars['--color-brand-foreground'] = readableOn(brand, c.color_brand_foreground ?? DEFAULTS.foreground)
  }
  if (c.color_border) vars['--color-border'] = c.color_border
  if (c.shape) {
    vars['--radius'] = RADIUS[c.shape]
    vars['--radius-box'] = BOX_RADIUS[c.shape]
  }
  return vars as CSSProperties
}
