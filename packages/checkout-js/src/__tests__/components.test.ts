// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { AGENT, BASE_URL, builtLibrary, type CheckoutJs, stubApi, until } from './helpers.ts'

let lib: CheckoutJs
beforeAll(async () => {
  lib = await builtLibrary()
})
beforeEach(() => {
  lib.storage.clear()
  document.body.innerHTML = '<div id="mount"><p>placeholder</p></div>'
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const mount = () => document.querySelector('#mount') as HTMLElement
/** Text as a person reads it: non-breaking spaces of Intl formats shown as plain spaces. */
const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ')

describe('BnplComponent', () => {
  it.each([
    ['es', 'Paga en 3 × 33,33 € sin intereses, TAE 0,00 %'],
    ['fr', 'Payez en 3 × 33,33 € sans frais, TAEG 0,00 %'],
    ['en', 'Pay in 3 × €33.33 interest-free, APR 0.00%'],
  ] as const)('shows the instalments of 100 € in %s, with their APR', async (locale, expected) => {
    stubApi()
    lib.init({ agentId: AGENT, baseUrl: BASE_URL, locale })
    const bnpl = lib.BnplComponent({ mountElement: '#mount', amount: 10000 })
    await until(() => expect(text(mount())).toBe(expected))
    expect(bnpl.element.hidden).toBe(false)
    expect(mount().querySelector('strong')?.textContent).toMatch(/^3 × /)
    expect(mount().querySelector('p')).toBeNull()
  })

  it('follows update({ amount, term }) and does not call interest-free a loan with interest', async () => {
    stubApi()
    lib.init({ agentId: AGENT, baseUrl: BASE_URL, locale: 'es' })
    const bnpl = lib.BnplComponent({ mountElement: mount(), amount: 10000 })
    await until(() => expect(text(mount())).toContain('3 × 33,33 €'))
    bnpl.update({ amount: 24000, term: 6 })
    await until(() => expect(text(mount())).toBe('Paga en 6 × 40,00 € sin intereses, TAE 0,00 %'))
    bnpl.update({ paymentMethodType: 'credit_line', term: 3 })
    const { conditions } = await lib.paymentMethodConditions('credit_line', 24000, 3)
    const instalment = (conditions[0]?.instalmentAmount ?? 0) / 100
    expect(instalment).toBeGreaterThan(80)
    const apr = text({
      textContent: new Intl.NumberFormat('es-ES', {
        style: 'percent',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(conditions[0]?.apr ?? 0),
    } as Element)
    await until(() =>
      expect(text(mount())).toBe(`Paga en 3 × ${instalment.toFixed(2).replace('.', ',')} €, TAE ${apr}`),
    )
    expect(conditions[0]?.apr).toBeGreaterThan(0)
  })

  it('stays hidden and calls onError when the amount cannot be financed', async () => {
    stubApi()
    lib.init({ agentId: AGENT, baseUrl: BASE_URL, locale: 'es' })
    const onError = vi.fn()
    const bnpl = lib.BnplComponent({ mountElement: '#mount', amount: 2, onError })
    await until(() => expect(onError).toHaveBeenCalledOnce())
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(lib.PlazoError)
    expect(bnpl.element.hidden).toBe(true)
    expect(text(mount())).toBe('')
  })

  it('unmounts: removes its element and ignores a late answer', async () => {
    stubApi()
    lib.init({ agentId: AGENT, baseUrl: BASE_URL, locale: 'es' })
    const bnpl = lib.BnplComponent({ mountElement: '#mount', amount: 10000 })
    bnpl.unmount()
    bnpl.unmount()
    await new Promise((r) => setTimeout(r, 50))
    expect(mount().children).toHaveLength(0)
  })

  it('shows the newest amount when the answer for an older one arrives last', async () => {
    stubApi()
    const answer = globalThis.fetch
    let lateAnswered = false
    // The simulation of the first amount answers only after the one of the update.
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      if (JSON.parse(String(init.body ?? '{}')).amount !== 10000) return answer(input, init)
      await new Promise((resolve) => setTimeout(resolve, 100))
      const response = await answer(input, init)
      lateAnswered = true
      return response
    })
    lib.init({ agentId: AGENT, baseUrl: BASE_URL, locale: 'es' })
    const onError = vi.fn()
    const bnpl = lib.BnplComponent({ mountElement: '#mount', amount: 10000, onError })
    bnpl.update({ amount: 24000 })
    await until(() => expect(text(mount())).toBe('Paga en 3 × 80,00 € sin intereses, TAE 0,00 %'))
    await until(() => expect(lateAnswered).toBe(true))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(text(mount())).toBe('Paga en 3 × 80,00 € sin intereses, TAE 0,00 %')
    expect(onError).not.toHaveBeenCalled()
  })

  it('throws a clear error for a selector that matches nothing', () => {
    lib.init({ agentId: AGENT, baseUrl: BASE_URL })
    expect(() => lib.BnplComponent({ mountElement: '#nowhere', amount: 100 })).toThrow(
      'Plazo: no element matches the mountElement selector "#nowhere".',
    )
  })
})

describe('SimulatorComponent', () => {
  it('shows a labelled term selector and the conditions of the chosen term', async () => {
    stubApi()
    lib.init({ agentId: AGENT, baseUrl: BASE_URL, locale: 'es' })
    const seen: number[] = []
    lib.SimulatorComponent({
      mountElement: '#mount',
      amount: 100000,
      paymentMethodType: 'consumer_loan_instalments',
      onChange: (c) => seen.push(c.term),
    })
    await until(() => expect(mount().querySelectorAll('option')).toHaveLength(6))
    const select = mount().querySelector('select') as HTMLSelectElement
    const label = mount().querySelector(`label[for="${select.id}"]`)
    expect(text(label)).toBe('Plazo')
    expect(text(mount().querySelector('h3'))).toBe('Simulador de financiación')
    expect([...select.options].map((o) => o.textContent)).toEqual([
      '18 meses',
      '24 meses',
      '30 meses',
      '36 meses',
      '42 meses',
      '48 meses',
    ])
    const rows = () =>
      [...mount().querySelectorAll('dt')].map((dt) => [text(dt), text(dt.nextElementSibling)])
    const [expected] = await lib.simulator({
      amount: 100000,
      paymentMethodType: 'consumer_loan_instalments',
      term: 18,
    })
    expect(rows()).toEqual([
      ['Cuota mensual', text({ textContent: expected?.formatted.instalment } as Element)],
      ['TAE', text({ textContent: expected?.formatted.apr } as Element)],
      ['TIN', '7,99 %'],
      ['Coste total del crédito', text({ textContent: expected?.formatted.totalCostOfCredit } as Element)],
      ['Importe total adeudado', text({ textContent: expected?.formatted.totalPayable } as Element)],
    ])

    select.value = '36'
    select.dispatchEvent(new Event('change'))
    const [at36] = await lib.simulator({
      amount: 100000,
      paymentMethodType: 'consumer_loan_instalments',
      term: 36,
    })
    expect(rows()[0]?.[1]).toBe(text({ textContent: at36?.formatted.instalment } as Element))
    expect(seen).toEqual([18, 36])
    expect(mount().querySelector('dl')?.getAttribute('aria-live')).toBe('polite')
  })

  it('heads itself with an h3 unless headingLevel says otherwise, and follows update({ headingLevel })', async () => {
    stubApi()
    lib.init({ agentId: AGENT, baseUrl: BASE_URL, locale: 'en' })
    const simulator = lib.SimulatorComponent({ mountElement: '#mount', amount: 60000, headingLevel: 2 })
    await until(() => expect(text(mount().querySelector('h2'))).toBe('Financing simulator'))
    expect(mount().querySelector('h3')).toBeNull()
    const section = mount().querySelector('section')
    expect(section?.getAttribute('aria-labelledby')).toBe(mount().querySelector('h2')?.id)
    simulator.update({ headingLevel: 4 })
    await until(() => expect(text(mount().querySelector('h4'))).toBe('Financing simulator'))
    expect(mount().querySelector('h2')).toBeNull()
    expect(section?.getAttribute('aria-labelledby')).toBe(mount().querySelector('h4')?.id)
    expect(() =>
      lib.SimulatorComponent({ mountElement: '#mount', amount: 60000, headingLevel: 7 as never }),
    ).toThrow('Plazo: headingLevel must be 1, 2, 3, 4, 5 or 6, got 7.')
  })

  it('says in French, and only in French, the warning of the Code de la consommation', async () => {
    stubApi()
    lib.init({ agentId: AGENT, baseUrl: BASE_URL, locale: 'fr' })
    const simulator = lib.SimulatorComponent({ mountElement: '#mount', amount: 60000 })
    const warning = () => mount().querySelector('.plazo-simulator__warning') as HTMLElement
    await until(() =>
      expect(warning().textContent).toBe(
        'Un crédit vous engage et doit être remboursé. Vérifiez vos capacités de remboursement avant de vous engager.',
      ),
    )
    expect(warning().hidden).toBe(false)
    expect(warning().lang).toBe('fr')
    simulator.update({ locale: 'es' })
    await until(() => expect(warning().hidden).toBe(true))
    expect(warning().textContent).toBe('')
  })

  it('keeps the chosen term when the amount changes', async () => {
    stubApi()
    lib.init({ agentId: AGENT, baseUrl: BASE_URL, locale: 'en' })
    const simulator = lib.SimulatorComponent({ mountElement: '#mount', amount: 60000, term: 6 })
    await until(() => expect((mount().querySelector('select') as HTMLSelectElement).value).toBe('6'))
    // Without a type, the first financed method of the agent: BNPL instalments, interest-free.
    expect(text(mount().querySelector('dd'))).toBe('€100.00')
    simulator.update({ amount: 120000 })
    await until(() => expect(text(mount().querySelector('dd'))).toBe('€200.00'))
    expect((mount().querySelector('select') as HTMLSelectElement).value).toBe('6')
    simulator.unmount()
    expect(mount().children).toHaveLength(0)
  })

  it('hides itself and calls onError when the API refuses', async () => {
    const api = stubApi()
    lib.init({ agentId: AGENT, baseUrl: BASE_URL })
    api.fail(404, { status: 'ko', exception: 'plazo.agent.not_found', error: 'Agent not found.' })
    const onError = vi.fn()
    const simulator = lib.SimulatorComponent({ mountElement: '#mount', amount: 60000, onError })
    await until(() => expect(onError).toHaveBeenCalledOnce())
    expect(onError.mock.calls[0]?.[0]).toMatchObject({
      name: 'PlazoError',
      status: 404,
      exception: 'plazo.agent.not_found',
      message: 'Agent not found.',
      localizedMessage: 'Algo ha fallado. Inténtalo de nuevo.',
    })
    expect(simulator.element.hidden).toBe(true)
  })

  it('gives onError a PlazoError in its locale when the API cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    lib.init({ agentId: AGENT, baseUrl: BASE_URL, locale: 'es' })
    const onError = vi.fn()
    lib.SimulatorComponent({ mountElement: '#mount', amount: 60000, locale: 'fr', onError })
    await until(() => expect(onError).toHaveBeenCalledOnce())
    expect(onError.mock.calls[0]?.[0]).toMatchObject({
      name: 'PlazoError',
      status: 0,
      exception: 'plazo.client.network_error',
      message: expect.stringContaining(`${BASE_URL}/api/v2/client/simulate`),
      localizedMessage: 'Impossible de joindre Plazo. Vérifiez votre connexion et réessayez.',
    })
  })
})

interface FakeFrameWindow {
  posted: Array<[unknown, string]>
  postMessage(message: unknown, targetOrigin: string): void
}

describe.each(['CheckoutSessionComponent', 'SinglePaymentComponent'] as const)('%s', (name) => {
  const API_ORIGIN = new URL(BASE_URL).origin
  const SECRET = 'cs_0123456789abcdef_secret_s3cr3t'

  // The test DOM does not load iframe pages, so it has no frame window: each iframe gets a stand-in that
  // records what the page posts to it (the real browser flow runs in e2e/).
  beforeEach(() => {
    const windows = new WeakMap<HTMLIFrameElement, FakeFrameWindow>()
    vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockImplementation(function (
      this: HTMLIFrameElement,
    ) {
      let frame = windows.get(this)
      if (!frame) {
        const posted: Array<[unknown, string]> = []
        frame = { posted, postMessage: (message, targetOrigin) => posted.push([message, targetOrigin]) }
        windows.set(this, frame)
      }
      return frame as unknown as Window
    })
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  function mountCheckout(props: Record<string, unknown> = {}) {
    lib.init({ agentId: AGENT, baseUrl: BASE_URL, locale: 'fr' })
    const callbacks = { onComplete: vi.fn(), onCancel: vi.fn(), onError: vi.fn(), onReady: vi.fn() }
    const handle = lib[name]({
      mountElement: '#mount',
      clientSecret: SECRET,
      paymentMethodType: 'bnpl_instalments',
      ...callbacks,
      ...props,
    })
    const iframe = mount().querySelector('iframe') as HTMLIFrameElement
    const frameWindow = iframe.contentWindow as Window
    const posted = (frameWindow as unknown as FakeFrameWindow).posted
    const fromFrame = (data: unknown, origin = API_ORIGIN, source: unknown = frameWindow) =>
      window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }))
    return { handle, iframe, posted, fromFrame, ...callbacks }
  }

  it('mounts the embedded page with the merchant origin, and never puts the secret in the URL', () => {
    const { iframe } = mountCheckout()
    const src = new URL(iframe.getAttribute('src') ?? '')
    expect(`${src.origin}${src.pathname}`).toBe(`${BASE_URL}/embedded`)
    expect(src.searchParams.get('origin')).toBe(window.location.origin)
    expect(iframe.getAttribute('src')).not.toContain(SECRET)
    expect(iframe.title).toBe('Paiement Plazo')
  })

  it('sends init with the client secret to the API origin when the frame is ready', () => {
    const { posted, fromFrame, onReady } = mountCheckout()
    expect(posted).toEqual([])
    fromFrame({ source: 'plazo-checkout', type: 'ready' })
    // Listening is not usable: onReady waits until the frame has read the session with the secret.
    expect(onReady).not.toHaveBeenCalled()
    fromFrame({ source: 'plazo-checkout', type: 'loaded' })
    expect(onReady).toHaveBeenCalledOnce()
    const expected: Record<string, unknown> = {
      source: 'plazo-checkout',
      type: 'init',
      client_secret: SECRET,
      locale: 'fr',
    }
    if (name === 'SinglePaymentComponent') expected.payment_method_type = 'bnpl_instalments'
    expect(posted).toEqual([[expected, API_ORIGIN]])
  })

  it('ignores messages from another origin, another window or another protocol', () => {
    const { posted, fromFrame, onComplete, iframe } = mountCheckout()
    fromFrame({ source: 'plazo-checkout', type: 'ready' }, 'https://evil.example')
    fromFrame(
      { source: 'plazo-checkout', type: 'complete', status: 'confirmed', checkout_session_id: 'x' },
      API_ORIGIN,
      window,
    )
    fromFrame({ type: 'ready' })
    fromFrame('ready')
    fromFrame({ source: 'plazo-checkout', type: 'resize', height: 900 }, 'https://evil.example')
    expect(posted).toEqual([])
    expect(onComplete).not.toHaveBeenCalled()
    expect(iframe.style.height).toBe('200px')
  })

  it('resizes to the height the frame asks, within bounds', () => {
    const { iframe, fromFrame } = mountCheckout()
    fromFrame({ source: 'plazo-checkout', type: 'resize', height: 640.2 })
    expect(iframe.style.height).toBe('641px')
    fromFrame({ source: 'plazo-checkout', type: 'resize', height: 10 })
    expect(iframe.style.height).toBe('200px')
    fromFrame({ source: 'plazo-checkout', type: 'resize', height: 'tall' })
    expect(iframe.style.height).toBe('200px')
  })

  it('calls onComplete, onCancel and onError with what the frame says', () => {
    const { fromFrame, onComplete, onCancel, onError } = mountCheckout()
    const id = '4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11'
    fromFrame({ source: 'plazo-checkout', type: 'complete', status: 'confirmed', checkout_session_id: id })
    expect(onComplete).toHaveBeenCalledWith({ status: 'confirmed', checkoutSessionId: id })
    fromFrame({ source: 'plazo-checkout', type: 'cancel', checkout_session_id: id })
    expect(onCancel).toHaveBeenCalledWith({ checkoutSessionId: id })
    fromFrame({
      source: 'plazo-checkout',
      type: 'error',
      status: 401,
      exception: 'invalid_token',
      message: 'The API refused the client secret.',
    })
    const error = onError.mock.calls[0]?.[0]
    expect(error).toBeInstanceOf(lib.PlazoError)
    expect(error).toBeInstanceOf(Error)
    expect({ ...error, name: error.name, message: error.message }).toEqual({
      name: 'PlazoError',
      status: 401,
      exception: 'invalid_token',
      message: 'The API refused the client secret.',
      localizedMessage: 'Ce paiement n’a pas pu être ouvert. Recommencez votre achat.',
      schemaErrors: [],
    })
  })

  it('calls onError with plazo.client.frame_timeout when the frame is not ready in 15 s', () => {
    vi.useFakeTimers()
    try {
      const { onError, onReady } = mountCheckout()
      vi.advanceTimersByTime(14_999)
      expect(onError).not.toHaveBeenCalled()
      vi.advanceTimersByTime(1)
      expect(onError).toHaveBeenCalledOnce()
      expect(onError.mock.calls[0]?.[0]).toMatchObject({
        name: 'PlazoError',
        status: 0,
        exception: 'plazo.client.frame_timeout',
        message: expect.stringContaining('15000 ms'),
        localizedMessage: 'Le paiement met trop de temps à se charger. Réessayez.',
      })
      expect(onReady).not.toHaveBeenCalled()
    } finally {
      vi.useRealTimers()
    }
  })

  it('takes loadTimeout, stops the timer once loaded, and times a new secret anew', () => {
    vi.useFakeTimers()
    try {
      const { handle, fromFrame, onError, onReady } = mountCheckout({ loadTimeout: 1000 })
      fromFrame({ source: 'plazo-checkout', type: 'ready' })
      fromFrame({ source: 'plazo-checkout', type: 'loaded' })
      vi.advanceTimersByTime(60_000)
      expect(onError).not.toHaveBeenCalled()
      handle.update({ clientSecret: 'cs_another_secret' })
      vi.advanceTimersByTime(1000)
      expect(onError.mock.calls[0]?.[0].exception).toBe('plazo.client.frame_timeout')
      // Ready after all: the merchant hears it.
      fromFrame({ source: 'plazo-checkout', type: 'loaded' })
      expect(onReady).toHaveBeenCalledTimes(2)
      handle.unmount()
      vi.advanceTimersByTime(60_000)
      expect(onError).toHaveBeenCalledOnce()
    } finally {
      vi.useRealTimers()
    }
  })

  it('refuses a loadTimeout that is not a positive number of milliseconds', () => {
    expect(() => mountCheckout({ loadTimeout: 0 })).toThrow(/loadTimeout must be a positive number/)
    expect(() => mountCheckout({ loadTimeout: '15s' })).toThrow(/loadTimeout must be a positive number/)
  })

  it('re-sends init after update({ locale }), and stops listening once unmounted', () => {
    const { handle, posted, fromFrame, onComplete } = mountCheckout()
    fromFrame({ source: 'plazo-checkout', type: 'ready' })
    handle.update({ locale: 'es' })
    expect(posted).toHaveLength(2)
    expect(posted[1]?.[0]).toMatchObject({ type: 'init', client_secret: SECRET, locale: 'es' })
    handle.update({ onComplete })
    expect(posted).toHaveLength(2)
    handle.unmount()
    expect(mount().querySelector('iframe')).toBeNull()
    fromFrame({ source: 'plazo-checkout', type: 'complete', status: 'confirmed', checkout_session_id: 'x' })
    expect(onComplete).not.toHaveBeenCalled()
  })
})
