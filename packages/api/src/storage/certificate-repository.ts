import type { Queryable } from './types.ts'

// The sandbox's webhook certificates (`webhook_certificates`, one row, id 'sandbox'): the CA and the client
// certificate it signs, with their private keys. Made in domain/webhooks/certificates.ts.

/** A certificate and its private key, in PEM. */
export interface StoredKeyPair {
  certificate: string
  privateKey: string
}

export interface StoredCertificates {
  ca: StoredKeyPair
  client: StoredKeyPair
}

interface CertificateRow {
  ca_certificate: string
  ca_private_key: string
  client_certificate: string
  client_private_key: string
}

export const certificateRepository = {
  async find(db: Queryable): Promise<StoredCertificates | undefined> {
    const row = await db.one<CertificateRow>(
      `SELECT ca_certificate, ca_private_key, client_certificate, client_private_key
       FROM webhook_certificates WHERE id = 'sandbox'`,
    )
    return (
      row && {
        ca: { certificate: row.ca_certificate, privateKey: row.ca_private_key },
        client: { certificate: row.client_certificate, privateKey: row.client_private_key },
      }
    )
  },

  /** Stores the certificates unless some are stored already (the first insert wins). */
  async insertIfMissing(db: Queryable, certificates: StoredCertificates, createdAt: Date): Promise<void> {
    await db.run(
      `INSERT INTO webhook_certificates
         (id, ca_certificate, ca_private_key, client_certificate, client_private_key, created_at)
       VALUES ('sandbox', $1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING`,
      [
        certificates.ca.certificate,
        certificates.ca.privateKey,
        certificates.client.certificate,
        certificates.client.privateKey,
        createdAt,
      ],
    )
  },
}
