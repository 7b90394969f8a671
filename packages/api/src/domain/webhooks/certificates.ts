import type { Database } from '../../storage/index.ts'
import { createCertificateAuthority, issueCertificate, type KeyPairPem } from './pki.ts'

export interface SandboxCertificates {
  ca: KeyPairPem
  client: KeyPairPem
}

interface CertificateRow {
  ca_certificate: string
  ca_private_key: string
  client_certificate: string
  client_private_key: string
}

/**
 * The sandbox's webhook CA and the client certificate it signs, presented to receivers whose
 * `notification_auth` is `{authorization_cert: true}`. Made on first use and kept in the database (table
 * webhook_certificates), so every API node sharing the database presents the same certificate and merchants
 * trust a single CA. Only the certificates are ever served; the private keys stay here.
 */
export class CertificateStore {
  readonly #db: Database
  readonly #now: () => Date
  #loading: Promise<SandboxCertificates> | undefined

  constructor(db: Database, now: () => Date = () => new Date()) {
    this.#db = db
    this.#now = now
  }

  /** The certificates, generated and stored the first time any node asks. */
  get(): Promise<SandboxCertificates> {
    this.#loading ??= this.#load().catch((error: unknown) => {
      this.#loading = undefined
      throw error
    })
    return this.#loading
  }

  async #load(): Promise<SandboxCertificates> {
    const stored = await this.#read()
    if (stored) return stored
    const now = this.#now()
    const ca = createCertificateAuthority('Plazo sandbox webhooks CA', { now })
    const client = issueCertificate(ca, { commonName: 'Plazo sandbox webhooks', usage: 'client', now })
    // Two nodes may generate at once: the first insert wins and both then use the stored pair.
    await this.#db.run(
      `INSERT INTO webhook_certificates
         (id, ca_certificate, ca_private_key, client_certificate, client_private_key, created_at)
       VALUES ('sandbox', $1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING`,
      [ca.certificate, ca.privateKey, client.certificate, client.privateKey, now],
    )
    const winner = await this.#read()
    if (!winner) throw new Error('webhook certificates were not stored')
    return winner
  }

  async #read(): Promise<SandboxCertificates | undefined> {
    const row = await this.#db.one<CertificateRow>(
      `SELECT ca_certificate, ca_private_key, client_certificate, client_private_key
       FROM webhook_certificates WHERE id = 'sandbox'`,
    )
    return (
      row && {
        ca: { certificate: row.ca_certificate, privateKey: row.ca_private_key },
        client: { certificate: row.client_certificate, privateKey: row.client_private_key },
      }
    )
  }
}
