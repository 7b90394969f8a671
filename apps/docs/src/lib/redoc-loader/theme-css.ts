import postcss, { type Rule } from 'postcss'
import { darkColour } from './dark-colours.ts'

/**
 * Makes the prerendered API reference styled in dark mode too, before Redoc's script runs.
 *
 * Redocusaurus prerenders the reference once, with the light theme, and adds two style sheets rendered
 * by styled-components: the light one scoped `html:not([data-theme='dark'])` and the dark one scoped
 * `html([data-theme='dark'])` — not a valid selector, so browsers drop every dark rule. And even with a
 * valid scope the dark rules could not apply: styled-components names each class after its CSS, so the
 * dark sheet styles class names the light markup does not have.
 *
 * Both sheets list, per component, the class names they generated, in the order the (identical) render
 * met them (`data-styled.gN[id="sc-…"]{content:"a,b,"}`). The n-th dark name of a component styles the
 * same elements as its n-th light name, so the dark rules are renamed to the light names and scoped
 * `html[data-theme='dark']`. The name lists are dropped: nothing reads them (the client renders its own).
 * Redoc's fixed colours that do not suit the dark theme are replaced there too (dark-colours.ts).
 */

export const LIGHT_SCOPE = "html:not([data-theme='dark'])"
export const DARK_SCOPE = "html[data-theme='dark']"
/** The scope redocusaurus writes for the dark sheet. */
const BROKEN_DARK_SCOPE = "html([data-theme='dark'])"

const NAME_LIST = /data-styled\.g\d+\[id="([^"]+)"\]/
const CLASS_NAME = /\.(-?[A-Za-z_][\w-]*)/g

/** Each styled component's generated class names, in the order of the render. */
function classNamesByComponent(css: postcss.Root): Map<string, string[]> {
  const names = new Map<string, string[]>()
  css.walkRules((rule) => {
    const component = NAME_LIST.exec(rule.selector)?.[1]
    if (component === undefined) return
    let content = ''
    rule.walkDecls('content', (decl) => {
      content = decl.value
    })
    names.set(component, content.replace(/^"|"$/g, '').split(',').filter(Boolean))
    rule.remove()
  })
  return names
}

function isInKeyframes(rule: Rule): boolean {
  const parent = rule.parent
  return parent?.type === 'atrule' && /keyframes$/i.test((parent as postcss.AtRule).name)
}

/**
 * One style sheet for both themes from redocusaurus's light and dark sheets. Throws when the two renders
 * do not line up (a component generated a different number of classes per theme): the build must stop
 * rather than publish a reference that dark mode would style wrongly.
 */
export function themeStyles(lightCss: string, darkCss: string): string {
  const light = postcss.parse(lightCss)
  const dark = postcss.parse(darkCss)
  // styled-components' rule separators (/*!sc*/) mean nothing outside its own sheets.
  for (const sheet of [light, dark])
    sheet.walkComments((comment) => {
      comment.remove()
    })
  const lightNames = classNamesByComponent(light)
  const darkNames = classNamesByComponent(dark)

  const toLight = new Map<string, string>()
  for (const [component, names] of darkNames) {
    const counterpart = lightNames.get(component)
    if (counterpart?.length !== names.length) {
      throw new Error(
        `The light and dark renders of the API reference differ for ${component} ` +
          `(${counterpart?.length ?? 0} and ${names.length} classes); dark mode cannot be prerendered.`,
      )
    }
    names.forEach((name, index) => {
      toLight.set(name, counterpart[index] as string)
    })
  }

  dark.walkRules((rule) => {
    if (isInKeyframes(rule)) return
    rule.selectors = rule.selectors.map((selector) =>
      selector.replace(BROKEN_DARK_SCOPE, DARK_SCOPE).replace(CLASS_NAME, (whole, name: string) => {
        const renamed = toLight.get(name)
        return renamed === undefined ? whole : `.${renamed}`
      }),
    )
  })
  dark.walkDecls((decl) => {
    const replacement = darkColour(decl.prop, decl.value)
    if (replacement !== undefined) decl.value = replacement
  })
  return `${light.toString()}\n${dark.toString()}`
}
