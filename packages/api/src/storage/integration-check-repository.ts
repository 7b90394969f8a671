import type { Queryable } from './types.ts'

/** One run of the integration check (`integration_checks`): what it was asked, prepared, heard and found. */
export interface IntegrationCheckRow<D = unknown> {
  id: string
  merchant_id: string
  kind: string
  status: string
  check_document: D
  created_at: string
  updated_at: string
}

export const integrationCheckRepository = {
  async insert(
    db: Queryable,
    row: { id: string; merchantId: string; kind: string; status: string; document: object; at: Date },
  ): Promise<void> {
    await db.run(
      `INSERT INTO integration_checks (id, merchant_id, kind, status, check_document, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [row.id, row.merchantId, row.kind, row.status, row.document, row.at, row.at],
    )
  },

  /** The run, when it is the merchant's (another merchant's id reads as unknown). */
  async find<D>(db: Queryable, merchantId: string, id: string): Promise<IntegrationCheckRow<D> | undefined> {
    return db.one<IntegrationCheckRow<D>>(
      `SELECT id, merchant_id, kind, status, check_document, created_at, updated_at
       FROM integration_checks WHERE id = $1 AND merchant_id = $2`,
      [id, merchantId],
    )
  },

  /** Writes the run's new status and document, only while it is still `running` (a report is final). */
  async update(db: Queryable, id: string, status: string, document: object, at: Date): Promise<boolean> {
    const changed = await db.run(
      `UPDATE integration_checks SET status = $2, check_document = $3, updated_at = $4
       WHERE id = $1 AND status = 'running'`,
      [id, status, document, at],
    )
    return changed.changes > 0
  },
}
