// The theme's own styles for this component, so the blocks look exactly as before.
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css'
import { usePrismTheme, useThemeConfig } from '@docusaurus/theme-common'
import { useCodeBlockContext } from '@docusaurus/theme-common/internal'
import type { Props } from '@theme/CodeBlock/Content'
import Line from '@theme/CodeBlock/Line'
import clsx from 'clsx'
import { Highlight } from 'prism-react-renderer'
import { type ReactNode, useId, useState } from 'react'
import { isHydratingInitialPage } from '../../../lib/navigation-state.ts'
import { includePrismLanguages } from '../../prism-include-languages.ts'

/** The highlighted markup of a prerendered code block, and the code it shows. */
interface Prerendered {
  html: { __html: string }
  code: string
}

function prerenderedMarkup(id: string, code: string): Prerendered | undefined {
  if (!isHydratingInitialPage()) return undefined
  const pre = document.querySelector(`pre[data-code-block="${CSS.escape(id)}"]`)
  return pre ? { html: { __html: pre.innerHTML }, code } : undefined
}

/**
 * The theme's CodeBlock content (theme-classic 3.10's CodeBlock/Content, which cannot be wrapped: its root
 * <pre> takes no attribute from outside), with one change. While the first page hydrates, a code block keeps
 * the highlighted markup the server rendered instead of tokenizing its code again and hydrating every token
 * (a guide has hundreds): React takes the inner markup as it is (`dangerouslySetInnerHTML` is not compared
 * during hydration), found through the block's `useId`, which the server and the hydrating client agree on.
 * The server highlights with the light theme, the default; once the page is shown in the dark theme, or the
 * block is given other code, it renders its tokens as the theme does, and stays that way. Prism's grammars
 * are only built then (src/theme/prism-include-languages.ts).
 */
export default function CodeBlockContent({ className: classNameProp }: Props): ReactNode {
  const { metadata, wordWrap } = useCodeBlockContext()
  const prismTheme = usePrismTheme()
  const { prism } = useThemeConfig()
  const { code, language, lineNumbersStart, lineClassNames } = metadata
  const id = useId()
  const [prerendered, setPrerendered] = useState(() => prerenderedMarkup(id, code))
  const keepsPrerendered = prerendered?.code === code && prismTheme === prism.theme
  if (prerendered && !keepsPrerendered) setPrerendered(undefined)
  if (!keepsPrerendered) includePrismLanguages()

  return (
    <Highlight theme={prismTheme} code={keepsPrerendered ? '' : code} language={language}>
      {({ className, style, tokens: lines, getLineProps, getTokenProps }) => {
        const preProps = {
          ref: wordWrap.codeBlockRef,
          // As the theme's: a code block that scrolls sideways must be reachable by keyboard.
          tabIndex: 0,
          'data-code-block': id,
          className: clsx(classNameProp, className, styles.codeBlock, 'thin-scrollbar'),
          style,
        }
        if (keepsPrerendered)
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the markup this component rendered on the server
          return <pre {...preProps} dangerouslySetInnerHTML={prerendered.html} suppressHydrationWarning />
        return (
          <pre {...preProps}>
            <code
              className={clsx(
                styles.codeBlockLines,
                lineNumbersStart !== undefined && styles.codeBlockLinesWithNumbering,
              )}
              style={
                lineNumbersStart === undefined
                  ? undefined
                  : { counterReset: `line-count ${lineNumbersStart - 1}` }
              }
            >
              {lines.map((line, i) => (
                <Line
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their position, as in the theme
                  key={i}
                  line={line}
                  getLineProps={getLineProps}
                  getTokenProps={getTokenProps}
                  classNames={lineClassNames[i]}
                  showLineNumbers={lineNumbersStart !== undefined}
                />
              ))}
            </code>
          </pre>
        )
      }}
    </Highlight>
  )
}
