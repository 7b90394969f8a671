import { X509Certificate } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCertificateAuthority, issueCertificate } from '../../src/domain/webhooks/pki.ts'
import { type TestDatabase, testEngines } from '../helpers/engines.ts'
import {
  createSession,
  DEMO,
  enqueue,
  eventsOf,
  type Receiver,
  receiver,
  type WebhookTestApp,
  webhookApp,
} from './helpers.ts'

const token = (access_token: string, expires_in = 3600) => ({
  status: 200,
  json: { access_token, token_type: 'Bearer', expires_in },
})

describe.each(testEngines())('OAuth2 password grant on $name', (engine) => {
  let t: TestDatabase
  let api: WebhookTestApp
  let hook: Receiver
  let tokens: Receiver
  let now: Date

  const credentials = () => ({
    url: tokens.url,
    client_id: 'plazo-client',
    client_secret: 'client s3cret&=',
    username: 'plazo',
    password: 'p@ss word',
  })

  beforeEach(async () => {
    t = await engine.open()
    now = new Date()
    api = await webhookApp(t.db, { now: () => now })
    hook = await receiver()
    tokens = await receiver({ path: '/oauth/token' })
  })
  afterEach(async () => {
    await api.close()
    await hook.close()
    await tokens.close()
    await t.cleanup()
  })

  it('fetches a token once, caches it across deliveries, and sends it as a Bearer token', async () => {
    tokens.replies.push(token('tok-1'))
    const sessionId = await createSession(api.app, api.demo, {
      notification_url: hook.url,
      notification_auth: credentials(),
    })
    await enqueue(t.db, DEMO, sessionId, 3, now)
    expect(await api.app.services.webhookDelivery.deliverDue()).toMatchObject({ delivered: 3 })
    await enqueue(t.db, DEMO, sessionId, 1, now)
    expect(await api.app.services.webhookDelivery.deliverDue()).toMatchObject({ delivered: 1 })

    expect(tokens.requests).toHaveLength(1)
    const request = tokens.requests[0]
    expect(request?.method).toBe('POST')
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      grant_type: 'password',
      username: 'plazo',
      password: 'p@ss word',
      client_id: 'plazo-client',
      client_secret: 'client s3cret&=',
    })
    expect(hook.requests.map((r) => r.headers.authorization)).toEqual([
      'Bearer tok-1',
      'Bearer tok-1',
      'Bearer tok-1',
      'Bearer tok-1',
    ])
  })

  it('fetches a new token when expires_in has passed', async () => {
    tokens.replies.push(token('tok-1', 60), token('tok-2', 60))
    const sessionId = await createSession(api.app, api.demo, {
      notification_url: hook.url,
      notification_auth: credentials(),
    })
    await enqueue(t.db, DEMO, sessionId, 1, now)
    await api.app.services.webhookDelivery.deliverDue()
    now = new Date(now.getTime() + 30_000)
    await enqueue(t.db, DEMO, sessionId, 1, now)
    await api.app.services.webhookDelivery.deliverDue()
    now = new Date(now.getTime() + 31_000)
    await enqueue(t.db, DEMO, sessionId, 1, now)
    await api.app.services.webhookDelivery.deliverDue()
    expect(tokens.requests).toHaveLength(2)
    expect(hook.requests.map((r) => r.headers.authorization)).toEqual([
      'Bearer tok-1',
      'Bearer tok-1',
      'Bearer tok-2',
    ])
  })

  it('on a 401 from the receiver, fetches a new token and retries once in the same attempt', async () => {
    tokens.replies.push(token('tok-1'), token('tok-2'))
    const sessionId = await createSession(api.app, api.demo, {
      notification_url: hook.url,
      notification_auth: credentials(),
    })
    await enqueue(t.db, DEMO, sessionId, 1, now)
    await api.app.services.webhookDelivery.deliverDue()
    hook.replies.push(401)
    const [event] = await enqueue(t.db, DEMO, sessionId, 1, now)
    expect(await api.app.services.webhookDelivery.deliverDue()).toMatchObject({ delivered: 1 })

    expect(tokens.requests).toHaveLength(2)
    expect(hook.requests.map((r) => r.headers.authorization)).toEqual([
      'Bearer tok-1',
      'Bearer tok-1',
      'Bearer tok-2',
    ])
    const listed = (await eventsOf(api.app, api.demo, sessionId))
      .json()
      .payload.find((e: { event_id: string }) => e.event_id === event?.event_id)
    expect(listed).toMatchObject({ status: 'delivered', attempt_count: 1, attempts: [{ status_code: 200 }] })
  })

  it('counts a failing token endpoint, or a second 401, as a failed attempt', async () => {
    tokens.replies.push({ status: 400, json: { error: 'invalid_grant' } })
    const sessionId = await createSession(api.app, api.demo, {
      notification_url: hook.url,
      notification_auth: credentials(),
    })
    await enqueue(t.db, DEMO, sessionId, 1, now)
    expect(await api.app.services.webhookDelivery.deliverDue()).toMatchObject({ retrying: 1 })
    expect(hook.requests).toHaveLength(0)
    let [listed] = (await eventsOf(api.app, api.demo, sessionId)).json().payload
    expect(listed.attempts[0]).toMatchObject({
      status_code: null,
      error: 'OAuth2 token request failed: HTTP 400: {"error":"invalid_grant"}',
    })

    tokens.replies.push(token('tok-1'), token('tok-2'))
    hook.replies.push(401, 401)
    now = new Date(now.getTime() + 6_000)
    expect(await api.app.services.webhookDelivery.deliverDue()).toMatchObject({ retrying: 1 })
    ;[listed] = (await eventsOf(api.app, api.demo, sessionId)).json().payload
    expect(listed.attempts[1]).toMatchObject({ status_code: 401, error: 'HTTP 401' })
    expect(hook.requests).toHaveLength(2)
  })
})

describe.each(testEngines())('client certificate on $name', (engine) => {
  let t: TestDatabase
  let api: WebhookTestApp
  const closers: Array<() => Promise<void>> = []
  // The receiver's own TLS server certificate, from a CA of "the merchant" that the worker is told to trust.
  const merchantCa = createCertificateAuthority('Merchant test CA')
  const serverCert = issueCertificate(merchantCa, {
    commonName: '127.0.0.1',
    usage: 'server',
    altNames: { ip: ['127.0.0.1'], dns: ['localhost'] },
  })

  beforeEach(async () => {
    t = await engine.open()
    api = await webhookApp(t.db, { webhooks: { trustedCertificates: [merchantCa.certificate] } })
  })
  afterEach(async () => {
    await api.close()
    for (const close of closers.splice(0)) await close()
    await t.cleanup()
  })

  async function download(which: 'ca' | 'client') {
    const res = await api.app.inject({
      method: 'GET',
      url: `/api/v2/webhooks/certificates/${which}.pem`,
      headers: api.demo,
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/x-pem-file')
    expect(res.body).toMatch(/^-----BEGIN CERTIFICATE-----\n[\s\S]+-----END CERTIFICATE-----\n?$/)
    expect(res.body).not.toContain('PRIVATE KEY')
    return res.body
  }

  async function mtlsReceiver(trustedCa: string) {
    const hook = await receiver({
      https: {
        key: serverCert.privateKey,
        cert: serverCert.certificate,
        ca: [trustedCa],
        requestCert: true,
        rejectUnauthorized: true,
      },
    })
    closers.push(() => hook.close())
    return hook
  }

  it('serves a CA and a client certificate it signed, the same on every node', async () => {
    const caPem = await download('ca')
    const clientPem = await download('client')
    const ca = new X509Certificate(caPem)
    const client = new X509Certificate(clientPem)
    expect(ca.ca).toBe(true)
    expect(client.ca).toBe(false)
    expect(client.checkIssued(ca)).toBe(true)
    expect(client.verify(ca.publicKey)).toBe(true)
    expect(client.keyUsage).toContain('1.3.6.1.5.5.7.3.2') // TLS client authentication

    const second = await webhookApp(t.db)
    closers.push(() => second.close())
    const again = await second.app.inject({
      method: 'GET',
      url: '/api/v2/webhooks/certificates/ca.pem',
      headers: second.demo,
    })
    expect(again.body).toBe(caPem)
    const anonymous = await api.app.inject({ method: 'GET', url: '/api/v2/webhooks/certificates/ca.pem' })
    expect(anonymous.statusCode).toBe(401)
  })

  it('delivers over HTTPS presenting the client certificate to a receiver that requires it', async () => {
    const caPem = await download('ca')
    const clientPem = await download('client')
    const hook = await mtlsReceiver(caPem)
    const sessionId = await createSession(api.app, api.demo, {
      notification_url: hook.url,
      notification_auth: { authorization_cert: true },
    })
    const [event] = await enqueue(t.db, DEMO, sessionId)
    expect(await api.app.services.webhookDelivery.deliverDue()).toMatchObject({ delivered: 1 })
    expect(hook.requests).toHaveLength(1)
    expect(JSON.parse(hook.requests[0]?.body ?? '')).toEqual(event)
    expect(hook.requests[0]?.peerCertificate?.fingerprint256).toBe(
      new X509Certificate(clientPem).fingerprint256,
    )
    expect(hook.requests[0]?.peerCertificate?.subject?.CN).toBe('Plazo sandbox webhooks')
  })

  it('does not get through without the certificate form, nor to a receiver trusting another CA', async () => {
    const caPem = await download('ca')
    const hook = await mtlsReceiver(caPem)
    const withoutCert = await createSession(api.app, api.demo, { notification_url: hook.url })
    const strangerCa = createCertificateAuthority('Someone else')
    const otherHook = await mtlsReceiver(strangerCa.certificate)
    const wrongCa = await createSession(api.app, api.demo, {
      notification_url: otherHook.url,
      notification_auth: { authorization_cert: true },
    })
    const plainHttp = await createSession(api.app, api.demo, {
      notification_url: 'http://127.0.0.1:9/hook',
      notification_auth: { authorization_cert: true },
    })
    for (const id of [withoutCert, wrongCa, plainHttp]) await enqueue(t.db, DEMO, id)
    expect(await api.app.services.webhookDelivery.deliverDue()).toMatchObject({ delivered: 0, retrying: 3 })
    expect(hook.requests).toHaveLength(0)
    expect(otherHook.requests).toHaveLength(0)
    const [plain] = (await eventsOf(api.app, api.demo, plainHttp)).json().payload
    expect(plain.last_error).toBe('authorization_cert needs an https notification_url')
    const [noCert] = (await eventsOf(api.app, api.demo, withoutCert)).json().payload
    const [untrusted] = (await eventsOf(api.app, api.demo, wrongCa)).json().payload
    expect(noCert.last_error).toBe('TLS error: tlsv13 alert certificate required')
    expect(untrusted.attempts[0].status_code).toBeNull()
  })
})
