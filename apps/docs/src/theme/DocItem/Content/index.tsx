import PageActions from '@site/src/components/PageActions'
import type { Props } from '@theme/DocItem/Content'
import Content from '@theme-original/DocItem/Content'
import type { ReactNode } from 'react'

/** Every docs page, with "Copy page" and "View as Markdown" above its title. */
export default function ContentWithActions(props: Props): ReactNode {
  return (
    <>
      <PageActions />
      <Content {...props} />
    </>
  )
}
