import type { CheckoutSession } from '@plazo/contract'
import type { Database } from '../../storage/index.ts'
import { sessionRepository } from '../../storage/session-repository.ts'

/** At most this many sessions answer a search (the dashboard shows them in one list). */
export const SEARCH_RESULTS = 50
/** Sessions whose document contains the text, read before the field is looked at. */
const CANDIDATES = 500

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The dashboard's session search (sandbox only): a session id finds that session; any other text finds the
 * merchant's newest sessions whose `order_reference_1` contains it, in any case. Only the merchant's own
 * sessions are ever read.
 */
export async function searchSessions(
  db: Database,
  merchantId: string,
  query: string,
): Promise<CheckoutSession[]> {
  const text = query.trim()
  if (text === '') return []
  if (UUID.test(text)) {
    const [found] = await sessionRepository.findDocumentTexts(db, [{ merchantId, id: text.toLowerCase() }])
    return found === undefined ? [] : [JSON.parse(found) as CheckoutSession]
  }
  // The documents hold strings JSON-escaped: the text is looked for as it is written there.
  const written = JSON.stringify(text).slice(1, -1)
  const candidates = await sessionRepository.findDocumentsContaining(db, merchantId, written, CANDIDATES)
  const wanted = text.toLowerCase()
  return candidates
    .map((document) => JSON.parse(document) as CheckoutSession)
    .filter((session) => session.merchant.order_reference_1.toLowerCase().includes(wanted))
    .slice(0, SEARCH_RESULTS)
}

/** {@link searchSessions} over the app's database, for the dashboard's route. */
export class SessionSearch {
  readonly #db: Database

  constructor(db: Database) {
    this.#db = db
  }

  search(merchantId: string, query: string): Promise<CheckoutSession[]> {
    return searchSessions(this.#db, merchantId, query)
  }
}
