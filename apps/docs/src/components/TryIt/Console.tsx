import { type ReactNode, useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react'
import AnswerView from './Answer.tsx'
import AuthPanel from './AuthPanel.tsx'
import { BodyCheckView } from './BodyCheckView.tsx'
import { type Labels, labelsFor } from './labels.ts'
import { fillPath, operationsOf, type TryItOperation } from './operation.ts'
import {
  type Answer,
  bearerToken,
  type Call,
  curlCommand,
  type SandboxState,
  sandboxApiUrl,
  sandboxState,
  send,
  subscribe,
} from './sandbox.ts'
import styles from './styles.module.css'
import { type BodyCheck, BodyChecker } from './validator.ts'

/** One operation's console: its parameters, body and Send, and the answer (see index.tsx). */

export interface ConsoleProps {
  spec: unknown
  operationId: string
  locale: string
}

const operationsCache = new WeakMap<object, Map<string, TryItOperation>>()
const checkerCache = new WeakMap<object, BodyChecker>()

function cached<T>(cache: WeakMap<object, T>, spec: unknown, make: () => T): T {
  const key = spec as object
  let value = cache.get(key)
  if (value === undefined) {
    value = make()
    cache.set(key, value)
  }
  return value
}

/** A random key; crypto.randomUUID exists only on secure origins, and the docs may be served over plain http. */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')
}

const pretty = (value: unknown) => (value === undefined ? '' : JSON.stringify(value, null, 2))
const serverState = (): SandboxState => ({ account: 'demo', username: undefined, token: undefined, ids: {} })

type Prepared = { call: Call } | { answer: Answer } | { message: string }

export default function Console({ spec, operationId, locale }: ConsoleProps): ReactNode {
  const t: Labels = labelsFor(locale)
  const operation = cached(operationsCache, spec, () => operationsOf(spec)).get(operationId)
  const sandbox = useSyncExternalStore(subscribe, sandboxState, serverState)
  const examples = operation?.body?.examples ?? []
  const [bodyText, setBodyText] = useState(() =>
    pretty(examples[0]?.value ?? (operation?.body ? {} : undefined)),
  )
  /** What the visitor typed; a parameter left alone follows the newest id this visit has seen. */
  const [edited, setEdited] = useState<Record<string, string>>({})
  const [idempotencyKey, setIdempotencyKey] = useState('')
  const [check, setCheck] = useState<BodyCheck | 'pending'>('pending')
  const [busy, setBusy] = useState(false)
  const [answer, setAnswer] = useState<Answer>()
  const [notice, setNotice] = useState<string>()
  const [curl, setCurl] = useState<{ text: string; copied: boolean }>()
  const id = useId()

  const schemaPointer = operation?.body?.schemaPointer
  useEffect(() => {
    if (!schemaPointer) return undefined
    setCheck('pending')
    // The first check compiles the schema (a large one takes a moment): after the typing pauses.
    const timer = setTimeout(() => {
      setCheck(
        cached(checkerCache, spec, () => new BodyChecker(spec as object)).check(schemaPointer, bodyText),
      )
    }, 250)
    return () => clearTimeout(timer)
  }, [spec, schemaPointer, bodyText])

  const fields = useMemo(
    () => [
      ...(operation?.parameters ?? []),
      ...(operation?.auth === 'client-secret'
        ? [{ name: 'client_secret', in: 'header' as const, required: true }]
        : []),
    ],
    [operation],
  )
  const value = (name: string) => edited[name] ?? sandbox.ids[name]?.[0] ?? ''

  if (!operation) return null

  async function prepare(op: TryItOperation): Promise<Prepared> {
    const headers: Record<string, string> = {}
    const body = op.body && bodyText.trim() !== '' ? bodyText : undefined
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (op.idempotent && idempotencyKey.trim() !== '') headers['idempotency-key'] = idempotencyKey.trim()
    if (op.auth === 'client-secret' && value('client_secret'))
      headers['x-client-secret'] = value('client_secret')
    if (op.auth === 'bearer') {
      const token = await bearerToken()
      if ('failed' in token) return token.failed ? { answer: token.failed } : { message: t.needsToken }
      headers.authorization = `Bearer ${token.token}`
    }
    const query = new URLSearchParams()
    for (const parameter of op.parameters) {
      if (parameter.in === 'query' && value(parameter.name)) query.set(parameter.name, value(parameter.name))
    }
    const values = Object.fromEntries(
      op.parameters.map((parameter) => [parameter.name, value(parameter.name)]),
    )
    const search = query.size > 0 ? `?${query}` : ''
    return { call: { method: op.method, path: `${fillPath(op.path, values)}${search}`, headers, body } }
  }

  async function onSend(op: TryItOperation) {
    setBusy(true)
    setNotice(undefined)
    setCurl(undefined)
    try {
      const prepared = await prepare(op)
      if ('message' in prepared) return setNotice(prepared.message)
      if ('answer' in prepared) return setAnswer(prepared.answer)
      let result = await send(prepared.call)
      // A sandbox account's token can go stale (the sandbox restarted on a new database): sign in again once.
      const account = sandboxState().account
      if (
        result.status === 401 &&
        !result.problem &&
        op.auth === 'bearer' &&
        account !== 'own' &&
        account !== 'token'
      ) {
        const token = await bearerToken(true)
        if ('token' in token) {
          result = await send({
            ...prepared.call,
            headers: { ...prepared.call.headers, authorization: `Bearer ${token.token}` },
          })
        }
      }
      setAnswer(result)
    } finally {
      setBusy(false)
    }
  }

  async function onCopy(op: TryItOperation) {
    setNotice(undefined)
    const prepared = await prepare(op)
    if ('message' in prepared) return setNotice(prepared.message)
    if ('answer' in prepared) return setAnswer(prepared.answer)
    const text = curlCommand(await sandboxApiUrl(), prepared.call)
    try {
      await navigator.clipboard.writeText(text)
      setCurl({ text, copied: true })
    } catch {
      setCurl({ text, copied: false })
    }
  }

  return (
    <section className={styles.console} aria-label={t.console(operation.method, operation.path)}>
      {operation.auth === 'bearer' ? <AuthPanel sandbox={sandbox} t={t} /> : null}
      {operation.auth === 'none' ? <p className={styles.hint}>{t.noAuth}</p> : null}

      {fields.length > 0 || operation.idempotent ? (
        <fieldset className={styles.group}>
          <legend>{t.parameters}</legend>
          {fields.map((field) => (
            <div key={field.name} className={styles.field}>
              <label htmlFor={`${id}-${field.name}`}>
                {field.name === 'client_secret' ? t.clientSecret : <code>{field.name}</code>}
                {field.required ? <span className={styles.required}> ({t.required})</span> : null}
              </label>
              <input
                id={`${id}-${field.name}`}
                name={field.name}
                className={styles.input}
                list={`${id}-${field.name}-ids`}
                value={value(field.name)}
                onChange={(event) => setEdited({ ...edited, [field.name]: event.target.value })}
                autoComplete="off"
                spellCheck={false}
              />
              <datalist id={`${id}-${field.name}-ids`} aria-label={t.offered}>
                {(sandbox.ids[field.name] ?? []).map((known) => (
                  <option key={known} value={known} />
                ))}
              </datalist>
            </div>
          ))}
          {operation.idempotent ? (
            <div className={styles.field}>
              <label htmlFor={`${id}-idempotency`}>{t.idempotencyKey}</label>
              <div className={styles.row}>
                <input
                  id={`${id}-idempotency`}
                  name="idempotency-key"
                  className={styles.input}
                  value={idempotencyKey}
                  onChange={(event) => setIdempotencyKey(event.target.value)}
                  autoComplete="off"
                  spellCheck={false}
                />
                <button
                  type="button"
                  className="button button--sm button--secondary"
                  onClick={() => setIdempotencyKey(newIdempotencyKey())}
                >
                  {t.newKey}
                </button>
              </div>
            </div>
          ) : null}
        </fieldset>
      ) : null}

      {operation.body ? (
        <fieldset className={styles.group}>
          <legend>{t.body}</legend>
          {examples.length > 1 ? (
            <div className={styles.field}>
              <label htmlFor={`${id}-example`}>{t.example}</label>
              <select
                id={`${id}-example`}
                className={styles.input}
                onChange={(event) =>
                  setBodyText(pretty(examples.find((e) => e.name === event.target.value)?.value))
                }
              >
                {examples.map((example) => (
                  <option key={example.name} value={example.name}>
                    {example.summary}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <textarea
            aria-label={t.body}
            aria-describedby={`${id}-check`}
            className={styles.body}
            value={bodyText}
            onChange={(event) => setBodyText(event.target.value)}
            rows={Math.min(18, Math.max(4, bodyText.split('\n').length))}
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
          />
          <BodyCheckView id={`${id}-check`} check={check} t={t} />
        </fieldset>
      ) : null}

      <div className={styles.actions}>
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void onSend(operation)}
        >
          {busy ? t.sending : t.send}
        </button>
        <button type="button" className="button button--secondary" onClick={() => void onCopy(operation)}>
          {t.copyCurl}
        </button>
        <span role="status" className={styles.hint}>
          {curl?.copied ? t.copied : ''}
        </span>
      </div>
      {notice ? (
        <p role="alert" className={styles.problem}>
          {notice}
        </p>
      ) : null}
      {curl && !curl.copied ? (
        <>
          <p role="alert" className={styles.hint}>
            {t.copyFailed}
          </p>
          <pre className={styles.pre}>{curl.text}</pre>
        </>
      ) : null}
      {answer ? <AnswerView answer={answer} t={t} /> : null}
    </section>
  )
}
