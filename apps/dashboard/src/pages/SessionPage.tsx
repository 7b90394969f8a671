import { type FormEvent, useState } from 'react'
import { Link } from 'wouter'
import { api, type CheckoutSession } from '../api.ts'
import { EventDelivery } from '../components/Deliveries/index.tsx'
import { Problem } from '../components/Problem/index.tsx'
import { Status } from '../components/Status/index.tsx'
import { CONTRACT } from '../contract.ts'
import { dateTime, money, parseEuros, rate } from '../format.ts'
import { FOLLOW_UP_MS, type LiveOptions, SLOW_POLL_MS, useAction, useLive } from '../hooks.ts'
import { fill, useI18n } from '../i18n/index.tsx'

/** Which order lines a capture or refund covered. */
function linesOf(operations: CheckoutSession['captures']): Set<string> {
  return new Set(operations.filter((op) => op.status !== 'rejected').flatMap((op) => op.item_ids))
}

/** A session as a tester needs it: what it is, what happened to it, and every action on it. */
export function SessionPage({ id }: { id: string }) {
  const { t } = useI18n()
  // Read again when the stream has an event of this session. It carries no delivery attempts, nor the changes
  // that write no event (the customer's details on the hosted page): those are read every 10 s.
  const live: LiveOptions = {
    when: (message) => message.checkout_session_id === id,
    followUpMs: FOLLOW_UP_MS,
    pollMs: SLOW_POLL_MS,
  }
  const session = useLive(() => api.session(id), `session ${id}`, live)
  const events = useLive(() => api.events(id), `events ${id}`, live)
  const reload = () => {
    void session.reload()
    void events.reload()
  }
  const s = session.data?.payload
  return (
    <>
      <p>
        <Link href="/">← {t.session.back}</Link>
      </p>
      <h1>{fill(t.session.title, { id })}</h1>
      <Problem problem={session.error} />
      {!s && !session.error ? <p>{t.loading}</p> : null}
      {s ? (
        <>
          <div className="grid">
            <Summary session={s} />
            <Customer session={s} />
          </div>
          <Actions session={s} onChange={reload} />
          <Intents session={s} />
          <Lines session={s} onChange={reload} />
        </>
      ) : null}
      <section className="card" aria-labelledby="timeline-title">
        <h2 id="timeline-title">{t.session.timeline}</h2>
        <Problem problem={events.error} />
        {events.data && events.data.payload.length === 0 ? <p>{t.session.noEvents}</p> : null}
        {events.data?.payload.map((event) => (
          <EventDelivery key={event.event_id} event={event} onChange={() => void events.reload()} />
        ))}
      </section>
    </>
  )
}

function Summary({ session: s }: { session: CheckoutSession }) {
  const { t, locale } = useI18n()
  return (
    <section className="card" aria-labelledby="summary-title">
      <h2 id="summary-title">{t.session.summary}</h2>
      <dl className="facts">
        <dt>{t.session.status}</dt>
        <dd>
          <Status value={s.status} />
        </dd>
        <dt>{t.session.mode}</dt>
        <dd>{s.mode}</dd>
        <dt>{t.session.checkoutMode}</dt>
        <dd>{s.merchant.checkout_mode}</dd>
        <dt>{t.session.order}</dt>
        <dd>
          {s.merchant.order_reference_1}
          {s.merchant.order_reference_2 ? ` · ${s.merchant.order_reference_2}` : ''}
        </dd>
        <dt>{t.session.total}</dt>
        <dd>{money(locale, s.total_price)}</dd>
        <dt>{t.session.captured}</dt>
        <dd>{money(locale, s.captured_amount)}</dd>
        <dt>{t.session.refunded}</dt>
        <dd>{money(locale, s.refunded_amount)}</dd>
        <dt>{t.session.country}</dt>
        <dd>{s.purchase_country}</dd>
        <dt>{t.session.created}</dt>
        <dd>{dateTime(locale, s.created_at)}</dd>
        <dt>{t.session.expires}</dt>
        <dd>{dateTime(locale, s.options.expires_at)}</dd>
        <dt>{t.session.notificationUrl}</dt>
        <dd>{s.merchant.notification_url ?? t.session.none}</dd>
      </dl>
      {s.hpp ? (
        <p>
          <a href={`/hpp/${s.hpp.id}`} target="_blank" rel="noopener">
            {t.session.openHpp}
          </a>
        </p>
      ) : null}
      <p>
        <Link href={`/checks?session=${s.id}`}>{t.session.checkFlow}</Link>
      </p>
    </section>
  )
}

function Customer({ session: s }: { session: CheckoutSession }) {
  const { t } = useI18n()
  const c = s.customer
  return (
    <section className="card" aria-labelledby="customer-title">
      <h2 id="customer-title">{t.session.customer}</h2>
      {c ? (
        <dl className="facts">
          <dt>{t.session.name}</dt>
          <dd>{[c.full_name?.first_name, c.full_name?.last_name].filter(Boolean).join(' ') || '—'}</dd>
          <dt>{t.session.email}</dt>
          <dd>{c.email ?? '—'}</dd>
          <dt>{t.session.phone}</dt>
          <dd>{c.phone_number ?? '—'}</dd>
          <dt>{t.session.document}</dt>
          <dd>{c.document_number ?? '—'}</dd>
        </dl>
      ) : (
        <p>{t.session.noCustomer}</p>
      )}
    </section>
  )
}

function Intents({ session: s }: { session: CheckoutSession }) {
  const { t, locale } = useI18n()
  return (
    <section className="card" aria-labelledby="intents-title">
      <h2 id="intents-title">{t.session.intents}</h2>
      <table className="responsive">
        <thead>
          <tr>
            <th scope="col">{t.session.method}</th>
            <th scope="col">{t.session.status}</th>
            <th scope="col" className="number">
              {t.session.instalments}
            </th>
            <th scope="col" className="number">
              {t.session.instalment}
            </th>
            <th scope="col" className="number">
              {t.session.interest}
            </th>
            <th scope="col" className="number">
              {t.session.apr}
            </th>
            <th scope="col" className="number">
              {t.session.principal}
            </th>
          </tr>
        </thead>
        <tbody>
          {s.payment_intents.map((intent) => {
            const c = intent.conditions
            return (
              <tr key={intent.payment_method_id}>
                <td data-label={t.session.method}>
                  <code>{intent.payment_method_type}</code>
                </td>
                <td data-label={t.session.status}>
                  <Status value={intent.status} />
                </td>
                {c ? (
                  <>
                    <td data-label={t.session.instalments} className="number">
                      {c.term ?? '—'}
                    </td>
                    <td data-label={t.session.instalment} className="number">
                      {money(locale, c.user_defined_quota)}
                    </td>
                    <td data-label={t.session.interest} className="number">
                      {rate(locale, c.interest)}
                    </td>
                    <td data-label={t.session.apr} className="number">
                      {rate(locale, c.apr)}
                    </td>
                    <td data-label={t.session.principal} className="number">
                      {money(locale, c.principal)}
                    </td>
                  </>
                ) : (
                  <td colSpan={5} data-label={t.session.instalments} className="muted">
                    {t.session.noConditions}
                  </td>
                )}
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}

/** The cart: each line with what was captured and refunded; captured lines can be picked for a refund. */
function Lines({ session: s, onChange }: { session: CheckoutSession; onChange: () => void }) {
  const { t, locale } = useI18n()
  const captured = linesOf(s.captures)
  const refunded = linesOf(s.refunds)
  const [picked, setPicked] = useState<string[]>([])
  const refund = useAction()
  const refundable = (id: string) => captured.has(id) && !refunded.has(id)
  const chosen = picked.filter(refundable)
  return (
    <section className="card" aria-labelledby="lines-title">
      <h2 id="lines-title">{t.session.lines}</h2>
      <table className="responsive">
        <thead>
          <tr>
            <th scope="col">{t.session.refund}</th>
            <th scope="col">{t.session.article}</th>
            <th scope="col">{t.session.reference}</th>
            <th scope="col" className="number">
              {t.session.units}
            </th>
            <th scope="col" className="number">
              {t.session.lineTotal}
            </th>
            <th scope="col">{t.session.lineCaptured}</th>
            <th scope="col">{t.session.lineRefunded}</th>
          </tr>
        </thead>
        <tbody>
          {s.cart.order_lines.map((line) => (
            <tr key={line.id}>
              <td data-label={t.session.refund}>
                <input
                  type="checkbox"
                  aria-label={fill(t.session.selectLine, { name: line.article.name })}
                  disabled={!refundable(line.id)}
                  checked={chosen.includes(line.id)}
                  onChange={(event) =>
                    setPicked((now) =>
                      event.target.checked ? [...now, line.id] : now.filter((id) => id !== line.id),
                    )
                  }
                />
              </td>
              <td data-label={t.session.article}>{line.article.name}</td>
              <td data-label={t.session.reference}>{line.article.reference ?? '—'}</td>
              <td data-label={t.session.units} className="number">
                {line.units}
              </td>
              <td data-label={t.session.lineTotal} className="number">
                {money(locale, line.total_price_with_tax)}
              </td>
              <td data-label={t.session.lineCaptured}>
                {captured.has(line.id) ? t.session.yes : t.session.no}
              </td>
              <td data-label={t.session.lineRefunded}>
                {refunded.has(line.id) ? t.session.yes : t.session.no}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="actions">
        <button
          type="button"
          disabled={refund.busy || chosen.length === 0}
          onClick={async () => {
            if (await refund.run(() => api.refund(s.id, { refunded_item_ids: chosen }), t.done)) {
              setPicked([])
              onChange()
            }
          }}
        >
          {t.session.refundLines}
        </button>
        {chosen.length === 0 ? <span className="muted small-text">{t.session.refundNoLines}</span> : null}
        {refund.done ? <span role="status">{refund.done}</span> : null}
      </div>
      <Problem problem={refund.error} />
    </section>
  )
}

function Actions({ session: s, onChange }: { session: CheckoutSession; onChange: () => void }) {
  const { t } = useI18n()
  const action = useAction()
  const [method, setMethod] = useState('')
  const [amount, setAmount] = useState('')
  const [amountError, setAmountError] = useState<string | undefined>()
  const act = async (what: () => Promise<unknown>) => {
    if (await action.run(what, t.done)) onChange()
  }
  const refundAmount = async (event: FormEvent) => {
    event.preventDefault()
    const cents = parseEuros(amount)
    if (cents === undefined) {
      setAmountError(t.session.badAmount)
      return
    }
    setAmountError(undefined)
    await act(() => api.refund(s.id, { refunded_amount: cents }))
  }
  const offered = s.payment_methods.map((m) => m.type)
  return (
    <section className="card" aria-labelledby="actions-title">
      <h2 id="actions-title">{t.session.actions}</h2>
      <div className="grid">
        <div>
          <h3>{t.session.customerActions}</h3>
          <div className="field">
            <label htmlFor="customer-method">{t.session.customerMethod}</label>
            <select id="customer-method" value={method} onChange={(event) => setMethod(event.target.value)}>
              <option value="">{t.session.defaultMethod}</option>
              {offered.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </div>
          <div className="actions">
            {CONTRACT.customerActions.map((name) => (
              <button
                key={name}
                type="button"
                className={name === 'approve' ? undefined : 'secondary'}
                disabled={action.busy}
                onClick={() =>
                  act(() => api.customerAction(s.id, name, name === 'approve' ? method : undefined))
                }
              >
                {t.session.action[name] ?? name}
              </button>
            ))}
          </div>
        </div>
        <div>
          <h3>{t.session.order_}</h3>
          <div className="actions">
            <button type="button" disabled={action.busy} onClick={() => act(() => api.confirm(s.id))}>
              {t.session.confirm}
            </button>
            <button type="button" disabled={action.busy} onClick={() => act(() => api.capture(s.id))}>
              {t.session.capture}
            </button>
            <button
              type="button"
              className="danger"
              disabled={action.busy}
              onClick={() => act(() => api.cancel(s.id))}
            >
              {t.session.cancel}
            </button>
          </div>
          <h3>{t.session.refund}</h3>
          <form onSubmit={refundAmount}>
            <div className="field">
              <label htmlFor="refund-amount">{t.session.refundAmount}</label>
              <input
                id="refund-amount"
                inputMode="decimal"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                aria-invalid={amountError ? true : undefined}
                aria-describedby={amountError ? 'refund-amount-error' : undefined}
              />
              {amountError ? (
                <span id="refund-amount-error" className="field-error">
                  {amountError}
                </span>
              ) : null}
            </div>
            <button type="submit" disabled={action.busy}>
              {t.session.refundByAmount}
            </button>
          </form>
        </div>
      </div>
      {action.done ? (
        <p role="status" className="notice">
          {action.done}
        </p>
      ) : null}
      <Problem problem={action.error} />
    </section>
  )
}
