import type { Database } from '../../storage/index.ts'
import type { Clock } from '../sandbox/clock.ts'
import { CertificateStore } from './certificates.ts'
import { DeliveryWorker, type DeliveryWorkerOptions } from './delivery-worker.ts'
import { WebhookService } from './webhook-service.ts'

/** Tunables of the delivery worker that the app (and tests) may set. */
export type WebhookOptions = Partial<
  Pick<
    DeliveryWorkerOptions,
    | 'intervalMs'
    | 'timeoutMs'
    | 'batchSize'
    | 'concurrency'
    | 'merchantConcurrency'
    | 'endpointConcurrency'
    | 'random'
    | 'trustedCertificates'
    | 'stopWaitMs'
    | 'leaseMs'
    | 'renewEveryMs'
    | 'post'
  >
>

export interface Webhooks {
  service: WebhookService
  worker: DeliveryWorker
  certificates: CertificateStore
}

/**
 * The webhook parts of one API node, sharing one certificate store. `now` is real time; `clock` is the sandbox
 * clock, for the times written into sessions.
 */
export function createWebhooks(
  options: WebhookOptions & {
    db: Database
    now: () => Date
    clock: Clock
    log?: DeliveryWorkerOptions['log']
  },
): Webhooks {
  const { db, now, clock, log, ...tunables } = options
  const certificates = new CertificateStore(db, now)
  return {
    certificates,
    service: new WebhookService({ db, now, clock, certificates }),
    worker: new DeliveryWorker({ db, now, certificates, ...(log ? { log } : {}), ...tunables }),
  }
}

export { RETRY_DELAYS_MS, retryDelayMs } from './backoff.ts'
export type { PassResult } from './delivery-worker.ts'
export { DeliveryWorker, NO_NOTIFICATION_URL, USER_AGENT } from './delivery-worker.ts'
export { WebhookService } from './webhook-service.ts'
