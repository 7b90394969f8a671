import { randomBytes, randomUUID } from 'node:crypto'
import type { CheckoutSessionRequest, WebhookCheckId } from '@plazo/contract'
import { merchantRepository } from '../../storage/merchant-repository.ts'
import { sessionRepository } from '../../storage/session-repository.ts'
import type { Database } from '../../storage/types.ts'
import type { Principal } from '../auth/index.ts'
import type { LifecycleService } from '../checkout/lifecycle-service.ts'
import type { SessionService } from '../checkout/session-service.ts'
import type { NotificationAuth } from '../webhooks/sender.ts'
import { overlapEnd, signatureHeaders } from '../webhooks/signature.ts'
import type { WebhookService } from '../webhooks/webhook-service.ts'

/** How far in the past the stale notification is signed: twice the five minutes receivers allow. */
export const STALE_BY_SECONDS = 600

/** The event type no handler knows: Plazo may add event types, and a handler must acknowledge them. */
export const UNKNOWN_EVENT_TYPE = 'integration_check_unknown_type'

/** The field no handler knows, added at the top of the body and inside `selected_payment_intent`. */
export const UNKNOWN_FIELD = 'integration_check_new_field'

/** How each delivery is signed. */
export type Signing = 'valid' | 'forged' | 'stale' | 'missing' | 'rotation' | 'replayed'

/** One notification of the battery, prepared: where it belongs, and exactly what is sent. */
export interface PreparedNotification {
  id: string
  check_id: WebhookCheckId
  checkout_session_id: string
  event_id: string
  event_type: string
  signing: Signing
  /** The Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`), or fewer. */
  signature_headers: Record<string, string>
  body: string
}

/** What a webhooks run prepared: its sessions, one per check, and the notifications, in the order they go. */
export interface Battery {
  /** When the sessions were made (real time): the handler's calls are read from here on. */
  started_at: string
  /** The session of `signature.valid`: what one delivery of the event makes the handler do. */
  baseline_session_id: string
  session_ids: string[]
  notifications: PreparedNotification[]
  /** The merchant's `notification_auth`, sent with each notification as the outbox would. */
  auth: NotificationAuth | null
}

interface Services {
  db: Database
  sessions: SessionService
  lifecycle: LifecycleService
  webhooks: WebhookService
  now: () => Date
}

/** A session of the run: delegated, so that the handler has an order to confirm when it is approved. */
function sessionRequest(runId: string, check: WebhookCheckId): CheckoutSessionRequest {
  const reference = `check-${runId.slice(0, 8)}-${check}`
  return {
    merchant: {
      order_reference_1: reference.slice(0, 64),
      order_reference_2: 'plazo-integration-check',
      checkout_mode: 'delegated',
    },
    cart: {
      total_price_with_tax: 7900,
      currency: 'EUR',
      items: [
        {
          article: {
            type: 'product',
            category: 'physical',
            name: 'Integration check',
            reference: 'CHECK-1',
            unit_price_with_tax: 7900,
          },
          units: 1,
          total_discount: 0,
          total_price_with_tax: 7900,
        },
      ],
    },
    ui: { mode: 'embedded' },
  } as CheckoutSessionRequest
}

/** A secret nobody holds: what a forger signs with, and the "new" secret of a rotation. */
function strangerSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`
}

/**
 * Makes the battery of a webhooks run from real sandbox events: one session per check, created in the caller's
 * account (marked as the run's, so the outbox leaves its events to the run), approved as the customer would
 * (and, for `delivery.out_of_order`, confirmed), and each notification signed with the merchant's real secret,
 * or deliberately not.
 */
export async function prepareBattery(
  services: Services,
  principal: Principal,
  runId: string,
): Promise<Battery> {
  const { db, now } = services
  const signing = await merchantRepository.signing(db, principal.merchantId)
  if (!signing) throw new Error(`merchant ${principal.merchantId} not found`)
  const sandboxNow = new Date(now().getTime() + (signing.offset_minutes ?? 0) * 60_000)
  const previous = signing.previous_webhook_secret
  // Signed as the outbox signs now: with the replaced secret too while a rotation's overlap lasts.
  const secrets =
    previous && overlapEnd(signing.previous_webhook_secret_expires_at, sandboxNow)
      ? [signing.webhook_secret, previous]
      : [signing.webhook_secret]
  const startedAt = now()

  /** A session of the check, approved (and confirmed when asked): its events, oldest first. */
  const session = async (check: WebhookCheckId, confirm = false) => {
    const { session: created } = await services.sessions.create(principal, sessionRequest(runId, check))
    await sessionRepository.markIntegrationCheck(db, created.id, runId)
    await services.lifecycle.customerAction(principal, created.id, { action: 'approve' })
    if (confirm) await services.lifecycle.confirm(principal, created.id)
    const events = await services.webhooks.listEvents(principal.merchantId, created.id)
    const approved = events.find(
      (event) => event.type === 'payment_intent_status_changed' && event.payload.status === 'approved',
    )
    if (!approved) throw new Error(`session ${created.id} was approved without its event`)
    return { id: created.id, approved, events }
  }

  const notifications: PreparedNotification[] = []
  const add = (
    check: WebhookCheckId,
    sessionId: string,
    event: { event_id: string; type: string },
    body: string,
    how: Signing,
    headers?: Record<string, string>,
  ) => {
    const at = now()
    let signature: Record<string, string>
    switch (how) {
      case 'valid':
      case 'replayed':
        signature = signatureHeaders(secrets, event.event_id, body, at)
        break
      case 'forged':
        signature = signatureHeaders([strangerSecret()], event.event_id, body, at)
        break
      case 'stale':
        signature = signatureHeaders(
          secrets,
          event.event_id,
          body,
          new Date(at.getTime() - STALE_BY_SECONDS * 1000),
        )
        break
      case 'missing': {
        const { 'webhook-signature': _left, ...rest } = signatureHeaders(secrets, event.event_id, body, at)
        signature = rest
        break
      }
      case 'rotation':
        // As during a rotation's overlap: the new secret's signature first, then the one the handler holds.
        signature = signatureHeaders([strangerSecret(), ...secrets], event.event_id, body, at)
        break
    }
    notifications.push({
      id: `d${notifications.length + 1}`,
      check_id: check,
      checkout_session_id: sessionId,
      event_id: event.event_id,
      event_type: event.type,
      signing: how,
      signature_headers: headers ?? signature,
      body,
    })
    return notifications.at(-1) as PreparedNotification
  }
  const text = (payload: unknown) => JSON.stringify(payload)

  const valid = await session('signature.valid')
  add('signature.valid', valid.id, valid.approved, text(valid.approved.payload), 'valid')

  const forged = await session('signature.forged')
  add('signature.forged', forged.id, forged.approved, text(forged.approved.payload), 'forged')

  // A notification caught on its way, sent again with its headers and another body: first the genuine one,
  // then the same webhook-id, timestamp and signature with the status changed.
  const tampered = await session('signature.tampered')
  const genuine = add(
    'signature.tampered',
    tampered.id,
    tampered.approved,
    text(tampered.approved.payload),
    'valid',
  )
  add(
    'signature.tampered',
    tampered.id,
    tampered.approved,
    text({ ...tampered.approved.payload, status: 'confirmed' }),
    'replayed',
    genuine.signature_headers,
  )

  const stale = await session('signature.stale')
  add('signature.stale', stale.id, stale.approved, text(stale.approved.payload), 'stale')

  const missing = await session('signature.missing')
  add('signature.missing', missing.id, missing.approved, text(missing.approved.payload), 'missing')

  const rotation = await session('signature.rotation')
  add('signature.rotation', rotation.id, rotation.approved, text(rotation.approved.payload), 'rotation')

  // The same event twice, each time signed afresh, as a retry is.
  const duplicate = await session('delivery.duplicate')
  add('delivery.duplicate', duplicate.id, duplicate.approved, text(duplicate.approved.payload), 'valid')
  add('delivery.duplicate', duplicate.id, duplicate.approved, text(duplicate.approved.payload), 'valid')

  // The session's newest event first (its confirmation), then the approval that came before it.
  const late = await session('delivery.out_of_order', true)
  const newest = late.events.at(-1)
  if (!newest) throw new Error(`session ${late.id} has no events`)
  add('delivery.out_of_order', late.id, newest, text(newest.payload), 'valid')
  add('delivery.out_of_order', late.id, late.approved, text(late.approved.payload), 'valid')

  const unknownEvent = await session('delivery.unknown_event')
  const unknownId = randomUUID()
  add(
    'delivery.unknown_event',
    unknownEvent.id,
    { event_id: unknownId, type: UNKNOWN_EVENT_TYPE },
    text({ ...unknownEvent.approved.payload, event: UNKNOWN_EVENT_TYPE, event_id: unknownId }),
    'valid',
  )

  const unknownFields = await session('delivery.unknown_fields')
  const payload = unknownFields.approved.payload as Record<string, unknown>
  const intent = payload.selected_payment_intent
  add(
    'delivery.unknown_fields',
    unknownFields.id,
    unknownFields.approved,
    text({
      ...payload,
      ...(intent && typeof intent === 'object'
        ? { selected_payment_intent: { ...intent, [UNKNOWN_FIELD]: true } }
        : {}),
      [UNKNOWN_FIELD]: { added_in: 'a later version of the API' },
    }),
    'valid',
  )

  return {
    started_at: startedAt.toISOString(),
    baseline_session_id: valid.id,
    session_ids: [
      valid.id,
      forged.id,
      tampered.id,
      stale.id,
      missing.id,
      rotation.id,
      duplicate.id,
      late.id,
      unknownEvent.id,
      unknownFields.id,
    ],
    notifications,
    auth: (signing.notification_auth as NotificationAuth | null) ?? null,
  }
}
