import ApiDoc from '@theme-original/ApiDoc'
import type { ComponentProps, ReactNode } from 'react'
import TryItOperations from '../../components/TryIt/index.tsx'
import { infoOf, type ReferenceSpecProps } from '../../lib/reference-document.ts'

type Props = ComponentProps<typeof ApiDoc>

/**
 * The API reference page, with a Try it console per operation (src/components/TryIt). In the browser the
 * page's data carries the document's info rather than the document (src/lib/reference-document.ts), so the
 * page's description is taken from whichever is there: the head stays what the prerendered page has.
 */
export default function ApiDocWrapper({ layoutProps, specProps }: Props): ReactNode {
  const reference = specProps as ReferenceSpecProps
  const description = infoOf(reference)?.description
  return (
    <>
      <ApiDoc
        layoutProps={description ? { description, ...layoutProps } : layoutProps}
        specProps={specProps}
      />
      <TryItOperations reference={reference} />
    </>
  )
}
