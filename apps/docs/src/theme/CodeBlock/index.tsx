import type { Props } from '@theme/CodeBlock'
import ElementContent from '@theme/CodeBlock/Content/Element'
import StringContent from '@theme/CodeBlock/Content/String'
import { Children, isValidElement, type ReactNode } from 'react'

function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (Children.toArray(children).some((element) => isValidElement(element))) return children
  // The children are now one or more plain strings.
  return Array.isArray(children) ? children.join('') : children
}

/**
 * The theme's CodeBlock (theme-classic 3.10.2, src/theme/CodeBlock), without its remount after hydration
 * (`key={String(isBrowser)}`): it threw away every code block of a page the moment it had hydrated and
 * rendered it again, tokenized and laid out a second time, to apply a dark Prism theme that hydration does
 * not patch into the served markup. The colour mode is the server's default while hydrating and changes in an
 * update after it (useColorMode lags on purpose), and CodeBlock/Content renders its tokens again on that
 * update, which React patches like any other. It cannot be wrapped: the remount is inside the component.
 */
export default function CodeBlock({ children: rawChildren, ...props }: Props): ReactNode {
  const children = maybeStringifyChildren(rawChildren)
  if (typeof children === 'string') return <StringContent {...props}>{children}</StringContent>
  return <ElementContent {...props}>{children}</ElementContent>
}
