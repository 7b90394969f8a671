import { certificateRepository } from '../../storage/certificate-repository.ts'
import type { Database } from '../../storage/index.ts'
import { createCertificateAuthority, issueCertificate, type KeyPairPem } from './pki.ts'

export interface SandboxCertificates {
  ca: KeyPairPem
  client: KeyPairPem
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
    await certificateRepository.insertIfMissing(this.#db, { ca, client }, now)
    const winner = await this.#read()
    if (!winner) throw new Error('webhook certificates were not stored')
    return winner
  }

  #read(): Promise<SandboxCertificates | undefined> {
    return certificateRepository.find(this.#db)
  }
}
