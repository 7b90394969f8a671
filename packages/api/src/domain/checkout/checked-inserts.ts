import type { Database } from '../../storage/index.ts'
import { type CheckedInsert, sessionRepository } from '../../storage/session-repository.ts'

/**
 * Creates made from snapshots, in one statement; when it fails (a constraint one of them broke), each is tried
 * alone, so that only the create at fault fails.
 */
export async function insertChecked(
  db: Database,
  creates: readonly CheckedInsert[],
): Promise<Array<boolean | Error>> {
  const insert = (some: readonly CheckedInsert[]) =>
    db.singleWrite((tx) => sessionRepository.insertIfMerchantIs(tx, some))
  if (creates.length === 1) return insert(creates)
  try {
    return await insert(creates)
  } catch {
    return Promise.all(
      creates.map((create) => insert([create]).then(([written]) => written ?? false, asError)),
    )
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error))
}
