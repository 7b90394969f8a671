import ApiDoc from '@theme-original/ApiDoc'
import type { ComponentProps, ReactNode } from 'react'
import TryItOperations from '../../components/TryIt/index.tsx'

type Props = ComponentProps<typeof ApiDoc>

/** The API reference page, with a Try it console per operation (src/components/TryIt). */
export default function ApiDocWrapper(props: Props): ReactNode {
  return (
    <>
      <ApiDoc {...props} />
      <TryItOperations spec={props.specProps.spec} />
    </>
  )
}
