import { useColorMode } from '@docusaurus/theme-common'
import Redoc from '@theme-original/Redoc'
// The styled-components instance Redoc itself uses (a nested install under the redocusaurus theme).
import { StyleSheetManager } from 'docusaurus-theme-redoc/node_modules/styled-components'
import type { ComponentProps, ReactNode } from 'react'
import { plazoDarkColours } from './dark-colours.ts'

type Props = ComponentProps<typeof Redoc>
type StylisPlugins = ComponentProps<typeof StyleSheetManager>['stylisPlugins']

const DARK_PLUGINS = [plazoDarkColours] as unknown as StylisPlugins
const NO_PLUGINS: StylisPlugins = []

/** Redoc, with its fixed colours that do not suit dark mode replaced while the site is dark. */
export default function ThemedRedoc(props: Props): ReactNode {
  const dark = useColorMode().colorMode === 'dark'
  return (
    <StyleSheetManager stylisPlugins={dark ? DARK_PLUGINS : NO_PLUGINS}>
      <Redoc {...props} />
    </StyleSheetManager>
  )
}
