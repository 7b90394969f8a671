import type { PrismTheme } from 'prism-react-renderer'

/**
 * Code blocks must stay readable (WCAG AA, 4.5:1). Some tokens of the stock Prism themes fall short (the
 * light GitHub theme's cyan properties are 2.6:1), so every token colour is darkened, or lightened on a
 * dark theme, just enough to reach the ratio against the theme's background.
 */

const MIN_RATIO = 4.6

function parse(hex: string): [number, number, number] | undefined {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim())
  if (!match?.[1]) return undefined
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1]
  return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16)) as [number, number, number]
}

function rgbColor(value: string): [number, number, number] | undefined {
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/i.exec(value.trim())
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])]
  return parse(value)
}

function luminance([r, g, b]: [number, number, number]): number {
  const channel = (c: number) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

function ratio(a: [number, number, number], b: [number, number, number]): number {
  const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (l1 + 0.05) / (l2 + 0.05)
}

function hex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`
}

export function readableColor(color: string, background: string): string {
  const fg = rgbColor(color)
  const bg = rgbColor(background)
  if (!fg || !bg || ratio(fg, bg) >= MIN_RATIO) return color
  const target: [number, number, number] = luminance(bg) > 0.5 ? [0, 0, 0] : [255, 255, 255]
  for (let step = 1; step <= 20; step++) {
    const t = step / 20
    const mixed = fg.map((c, i) => c + ((target[i] ?? 0) - c) * t) as [number, number, number]
    if (ratio(mixed, bg) >= MIN_RATIO) return hex(mixed)
  }
  return hex(target)
}

export function accessiblePrismTheme(theme: PrismTheme): PrismTheme {
  const background = String(theme.plain.backgroundColor ?? '#ffffff')
  return {
    plain: { ...theme.plain, color: readableColor(String(theme.plain.color ?? '#000000'), background) },
    styles: theme.styles.map((entry) => ({
      ...entry,
      style: entry.style.color
        ? { ...entry.style, color: readableColor(String(entry.style.color), background) }
        : entry.style,
    })),
  }
}
