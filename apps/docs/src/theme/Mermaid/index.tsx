import type { Props } from '@theme/Mermaid'
import Mermaid from '@theme-original/Mermaid'
import type { ReactNode } from 'react'

/**
 * The diagram as theme-mermaid draws it (in the browser only), plus its source in the prerendered page, hidden:
 * the page's Markdown twin (scripts/markdown) turns it back into a ```mermaid block.
 */
export default function MermaidWithSource(props: Props): ReactNode {
  return (
    <>
      <Mermaid {...props} />
      <pre hidden data-mermaid-source="">
        {props.value}
      </pre>
    </>
  )
}
