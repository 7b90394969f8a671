import {
  HPP_TRANSITIONS,
  PAYMENT_INTENT_TRANSITIONS,
  SESSION_TRANSITIONS,
  stateDiagram,
} from '@plazo/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'
import {
  type Body,
  LifecycleKit,
  operationOf,
  paymentIntentRequest,
  sessionOf,
  sessionRequest,
} from './kit.ts'

type Table = Readonly<Record<string, readonly string[]>>

/**
 * Follows sessions through the API and records every status move of the session, its intents and its hosted
 * page: the moves inside one call come from the notifications (in order), the silent ones (intents never
 * chosen, the hosted page) from reading the session after each call.
 */
class Recorder {
  readonly session = new Set<string>()
  readonly intent = new Set<string>()
  readonly hpp = new Set<string>()
  readonly #last = new Map<string, string>()
  readonly #seen = new Map<string, number>()

  constructor(readonly k: LifecycleKit) {}

  #move(kind: 'session' | 'intent' | 'hpp', key: string, to: string) {
    const from = this.#last.get(key) ?? 'initial'
    if (from !== to) this[kind].add(`${from} --> ${to}`)
    this.#last.set(key, to)
  }

  /** Reads what changed in the sessions since the last look. */
  async look(...ids: string[]): Promise<void> {
    for (const id of ids) {
      const events = await this.k.events(id)
      for (const event of events.slice(this.#seen.get(id) ?? 0)) {
        const payload = event.payload as Body & { status: string; selected_payment_intent: Body | null }
        if (event.type === 'checkout_session_status_changed') this.#move('session', id, payload.status)
        if (event.type === 'payment_intent_status_changed') {
          this.#move('intent', String(payload.selected_payment_intent?.payment_method_id), payload.status)
        }
      }
      this.#seen.set(id, events.length)
      const session = await this.k.get(id)
      this.#move('session', id, session.status)
      for (const intent of session.payment_intents)
        this.#move('intent', intent.payment_method_id, intent.status)
      if (session.hpp) this.#move('hpp', session.hpp.id, session.hpp.status)
    }
  }

  /** Runs one call and looks at the sessions it may have changed (the session's down-payment child too). */
  async step(ids: string[], call: () => Promise<unknown>): Promise<void> {
    await call()
    const children = await Promise.all(
      ids.map(async (id) => (await this.k.get(id)).downpayment_checkout_session_id),
    )
    await this.look(...ids, ...children.filter((id): id is string => id !== null && !ids.includes(id)))
  }
}

const entries = (table: Table) =>
  Object.entries(table).flatMap(([from, targets]) => targets.map((to) => `${from} --> ${to}`))

describe.each(testEngines())('the state machines as the service drives them on $name', (engine) => {
  let t: TestApp
  let k: LifecycleKit
  let r: Recorder
  beforeAll(async () => {
    t = await testApp(engine, {}, { timerIntervalMs: 0 })
    k = new LifecycleKit(t)
    r = new Recorder(k)

    const create = async (options: Parameters<typeof sessionRequest>[0]) => {
      const id = await k.create(sessionRequest({ ui: 'hpp', ...options }))
      await r.look(id)
      return id
    }
    const act = (id: string, action: 'approve' | 'deny' | 'challenge' | 'desist', type?: string) =>
      r.step([id], async () => sessionOf(await k.act(id, action, type)))
    const child = async (id: string) => (await k.get(id)).downpayment_checkout_session_id as string
    const ok = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBe(201)
    const soon = async (minutes: number) => ({ expires_at: await k.inMinutes(minutes) })

    // Every mode, through to refunds.
    for (const mode of ['auto_capture', 'auto_confirm', 'delegated'] as const) {
      const id = await create({ checkoutMode: mode })
      await act(id, 'approve')
      if (mode === 'delegated') await r.step([id], async () => ok(await k.confirm(id)))
      if (mode !== 'auto_capture') await r.step([id], async () => operationOf(await k.capture(id)))
      await r.step([id], async () => operationOf(await k.refund(id, { refunded_amount: 100 })))
    }
    // Deny one method then the other; deny then approve the other; desist after a denial.
    const denied = await create({})
    await act(denied, 'deny', 'bnpl_instalments')
    await act(denied, 'deny', 'consumer_loan_instalments')
    const second = await create({})
    await act(second, 'deny', 'bnpl_instalments')
    await act(second, 'approve', 'consumer_loan_instalments')
    const desisted = await create({})
    await act(desisted, 'deny', 'bnpl_instalments')
    await act(desisted, 'desist')
    // On hold, then approved by the lender (payment intent request and a session).
    const held = await k.createPaymentIntent(
      paymentIntentRequest({ email: 'ana.garcia+on_hold@example.com' }),
    )
    const heldSession = await create({ checkoutMode: 'delegated', email: 'ana.garcia+on_hold@example.com' })
    await r.look(held)
    await act(heldSession, 'approve')
    await r.step([held, heldSession], () => k.advance(5))
    // Challenges: paid, denied, desisted, cancelled by the merchant, before_confirm paid and failed.
    for (const outcome of ['approve', 'deny', 'desist', 'cancel'] as const) {
      const id = await create({
        checkoutMode: 'auto_confirm',
        extra: {
          down_payment: { down_payment_collection: 'before_confirm', payment_methods: ['card_payment'] },
        },
      })
      await act(id, 'challenge', 'consumer_loan_instalments')
      const childId = await child(id)
      await r.look(childId)
      if (outcome === 'cancel') await r.step([childId, id], async () => ok(await k.cancel(childId)))
      else await r.step([childId, id], async () => sessionOf(await k.act(childId, outcome, 'card_payment')))
    }
    for (const outcome of ['approve', 'deny', 'desist'] as const) {
      const id = await create({
        checkoutMode: 'delegated',
        extra: {
          down_payment: {
            down_payment_collection: 'before_confirm',
            payment_methods: ['card_payment'],
            amount: 2000,
          },
        },
      })
      await act(id, 'approve')
      const childId = await child(id)
      await r.look(childId)
      await r.step([childId, id], async () => sessionOf(await k.act(childId, outcome, 'card_payment')))
      if (outcome === 'approve') await r.step([id], async () => ok(await k.confirm(id)))
    }
    const upfront = await create({
      extra: {
        down_payment: { down_payment_collection: 'upfront', payment_methods: ['card_payment'], amount: 3000 },
      },
    })
    await act(upfront, 'approve')
    await r.step([await child(upfront), upfront], async () =>
      sessionOf(await k.act(await child(upfront), 'approve')),
    )
    // Cancel in each open status.
    const cancelInitial = await create({})
    await r.step([cancelInitial], async () => ok(await k.cancel(cancelInitial)))
    const cancelChallenge = await create({})
    await act(cancelChallenge, 'challenge')
    await r.look(await child(cancelChallenge))
    await r.step([cancelChallenge], async () => ok(await k.cancel(cancelChallenge)))
    const cancelConfirmed = await create({ checkoutMode: 'auto_confirm' })
    await act(cancelConfirmed, 'approve')
    await r.step([cancelConfirmed], async () => ok(await k.cancel(cancelConfirmed)))
    const cancelApproved = await create({ checkoutMode: 'delegated' })
    await act(cancelApproved, 'approve')
    await r.step([cancelApproved], async () => ok(await k.cancel(cancelApproved)))
    // An approved order updated before the merchant confirms it: the page opens again.
    const updateApproved = await create({ checkoutMode: 'delegated' })
    await act(updateApproved, 'approve')
    await r.step([updateApproved], async () =>
      ok(await k.update(updateApproved, sessionRequest({ ui: 'hpp', checkoutMode: 'delegated' }))),
    )
    // Timers: expiry (open, on hold, challenged), confirm window, capture window, asynchronous operations.
    const expires = await create({ extra: await soon(60) })
    const expiresHeld = await create({ extra: await soon(60), email: 'ana.garcia+on_hold@example.com' })
    await act(expiresHeld, 'approve', 'consumer_loan_instalments')
    const expiresChallenged = await create({ extra: await soon(60) })
    await act(expiresChallenged, 'challenge')
    const expiresChild = await child(expiresChallenged)
    await r.look(expiresChild)
    const expiresApproved = await create({
      extra: {
        ...(await soon(60)),
        down_payment: {
          down_payment_collection: 'before_confirm',
          payment_methods: ['card_payment'],
          amount: 2000,
        },
      },
    })
    await act(expiresApproved, 'approve')
    const confirmWindow = await create({
      checkoutMode: 'delegated',
      merchant: { max_interval_in_minutes_for_confirm: 60 },
    })
    await act(confirmWindow, 'approve')
    const captureWindow = await create({
      checkoutMode: 'auto_confirm',
      merchant: { max_interval_in_minutes_for_capture: 60 },
    })
    await act(captureWindow, 'approve')
    const asynchronous = await create({ checkoutMode: 'auto_confirm', email: 'ana.garcia+async@example.com' })
    await act(asynchronous, 'approve')
    await r.step([asynchronous], async () => operationOf(await k.capture(asynchronous)))
    await r.step(
      [
        expires,
        expiresHeld,
        expiresChallenged,
        expiresChild,
        expiresApproved,
        confirmWindow,
        captureWindow,
        asynchronous,
      ],
      () => k.advance(4),
    )
    await r.step(
      [
        expires,
        expiresHeld,
        expiresChallenged,
        expiresChild,
        expiresApproved,
        confirmWindow,
        captureWindow,
        asynchronous,
      ],
      () => k.advance(60),
    )
  })
  afterAll(() => t.close())

  it('every session move the service made is in SESSION_TRANSITIONS', () => {
    expect([...r.session].filter((move) => !entries(SESSION_TRANSITIONS).includes(move))).toEqual([])
    // The paths above drive every session transition of the table but one: a challenge always goes back to
    // initial before the order is confirmed (the down payment is notified first).
    expect(entries(SESSION_TRANSITIONS).filter((move) => !r.session.has(move))).toEqual([
      'challenge --> confirmed',
    ])
  })

  it('every payment intent move is in PAYMENT_INTENT_TRANSITIONS', () => {
    expect([...r.intent].filter((move) => !entries(PAYMENT_INTENT_TRANSITIONS).includes(move))).toEqual([])
    // A collected down payment is confirmed, then paid once captured: never paid straight from approved.
    expect(entries(PAYMENT_INTENT_TRANSITIONS).filter((move) => !r.intent.has(move))).toEqual([
      'approved --> paid',
    ])
  })

  it('every hosted page move is in HPP_TRANSITIONS', () => {
    expect([...r.hpp].filter((move) => !entries(HPP_TRANSITIONS).includes(move))).toEqual([])
    // Back to initial after a down payment is never seen from outside: the same change completes the page.
    expect(entries(HPP_TRANSITIONS).filter((move) => !r.hpp.has(move))).toEqual(['challenge --> initial'])
  })
})

describe('stateDiagram()', () => {
  it.each([
    ['session', SESSION_TRANSITIONS],
    ['payment intent', PAYMENT_INTENT_TRANSITIONS],
    ['hosted page', HPP_TRANSITIONS],
  ] as const)('renders every %s transition, the start and the final states', (_, table) => {
    const diagram = stateDiagram(table as Table, 'initial').split('\n')
    const finals = Object.entries(table as Table)
      .filter(([, targets]) => targets.length === 0)
      .map(([status]) => `  ${status} --> [*]`)
    expect(diagram).toEqual([
      'stateDiagram-v2',
      '  [*] --> initial',
      ...Object.entries(table as Table).flatMap(([from, targets]) =>
        targets.length ? targets.map((to) => `  ${from} --> ${to}`) : [`  ${from} --> [*]`],
      ),
    ])
    for (const move of entries(table as Table)) expect(diagram).toContain(`  ${move}`)
    for (const line of finals) expect(diagram).toContain(line)
    expect(diagram).toHaveLength(2 + entries(table as Table).length + finals.length)
  })
})
