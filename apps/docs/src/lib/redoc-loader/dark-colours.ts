/**
 * Colours Redoc writes into its styles whatever the theme, which fail WCAG AA (or make text unreadable)
 * on the dark theme's backgrounds, and what they become in dark mode. The theme's own colours (error,
 * success, …) are set in plugins/redoc-preset.ts; these are the ones no theme setting reaches. Applied to
 * the prerendered dark styles (theme-css.ts) and to the styles Redoc renders in the browser in dark mode
 * (themed-redoc.tsx), so both look the same.
 */
const DARK_COLOURS: Record<string, Record<string, string>> = {
  // The pattern of a string field (teal, 3.5:1 on the dark page).
  color: { '#0e7c86': '#5cc8d1' },
  'background-color': {
    // Rows of tables in descriptions: white behind the theme's near-white text (1.08:1).
    '#fff': 'transparent',
    // The "one of" switch: the option shown is white text on the primary colour (2.1:1), the others
    // primary text on white (2.1:1). The primary colour is also the background of the black-lettered
    // "Webhook" badge: #3d75cf carries both white (4.5:1) and black (4.6:1) text.
    '#8ab4f8': '#3d75cf',
    '#4286f4': '#1f5fbf',
    white: 'transparent',
  },
}

/** The dark-mode value of a declaration Redoc wrote, or undefined to keep it. */
export function darkColour(property: string, value: string): string | undefined {
  return DARK_COLOURS[property.toLowerCase()]?.[value.trim().toLowerCase()]
}

/** What styled-components hands a stylis middleware for each piece of CSS. */
interface StylisElement {
  type: string
  props: string | string[]
  children: unknown
  return: string
}

/** The same replacement as a stylis plugin, for styled-components' StyleSheetManager. */
export function plazoDarkColours(element: StylisElement): void {
  if (element.type !== 'decl' || typeof element.props !== 'string' || typeof element.children !== 'string')
    return
  const replacement = darkColour(element.props, element.children)
  if (replacement !== undefined) element.return = `${element.props}:${replacement};`
}
