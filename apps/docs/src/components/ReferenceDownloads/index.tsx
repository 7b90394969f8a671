import { useLocation } from '@docusaurus/router'
import { translate } from '@docusaurus/Translate'
import type { ReactNode } from 'react'
import { apiReferences } from '../../../api-references.ts'
import styles from './styles.module.css'

/** The Postman collection built from a reference's OpenAPI document of the locale (scripts/postman.ts). */
export function postmanUrl(referenceId: string, spanish: boolean): string {
  return `${spanish ? '/es' : ''}/postman/${referenceId}.postman_collection.json`
}

/** Above an API reference: its Postman collection (the OpenAPI document is Redoc's own Download button). */
export default function ReferenceDownloads(): ReactNode {
  const { pathname } = useLocation()
  const spanish = /^\/es(\/|$)/.test(pathname)
  const route = pathname.replace(/^\/es(?=\/)/, '').replace(/\/$/, '')
  const reference = apiReferences.find((candidate) => candidate.route === route)
  if (!reference) return null
  return (
    <p className={styles.downloads}>
      <a href={postmanUrl(reference.id, spanish)} download={`${reference.id}.postman_collection.json`}>
        {translate({ id: 'plazo.reference.postman', message: 'Download Postman collection' })}
      </a>
      <span className={styles.hint}>
        {translate({
          id: 'plazo.reference.postmanHint',
          message:
            'Import it in Postman (Import, then drop the file), set baseUrl if your sandbox is not on localhost:4000, and press Run collection: it logs in, keeps the token and the ids it creates, and goes through a whole flow, each request with a test of its status. From a terminal: npx newman run <file>.',
        })}
      </span>
    </p>
  )
}
