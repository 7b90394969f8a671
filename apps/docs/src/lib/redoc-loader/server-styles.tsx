import {
  ServerStyles as RedocusaurusServerStyles,
  type ServerStylesProps,
} from 'docusaurus-theme-redoc/dist/theme/Redoc/ServerStyles.js'
import type { ReactElement, ReactNode } from 'react'
import { themeStyles } from './theme-css.ts'

type StyleElement = ReactElement<{ dangerouslySetInnerHTML: { __html: string } }>

/**
 * Server bundle only (docusaurus.config.ts puts it in place of redocusaurus's styles of the prerendered
 * reference): the same light and dark style sheets, with the dark one made to apply (see theme-css.ts).
 */
export function ServerStyles(props: ServerStylesProps): ReactNode {
  const rendered = RedocusaurusServerStyles(props) as ReactElement<{ children: StyleElement[] }>
  const [light, dark] = rendered.props.children.map((style) => style.props.dangerouslySetInnerHTML.__html)
  if (light === undefined || dark === undefined) throw new Error('redocusaurus rendered no styles')
  return (
    <div className="redocusaurus-styles">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: CSS rendered by styled-components at build */}
      <style dangerouslySetInnerHTML={{ __html: themeStyles(light, dark) }} />
    </div>
  )
}
