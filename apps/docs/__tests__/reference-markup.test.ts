import { describe, expect, it } from 'vitest'
import { finishReferencePage } from '../scripts/reference-markup.ts'

/** A response sample as Redoc prerenders it: a shown object holding a collapsed one and a link value. */
const SAMPLE =
  '<div class=redoc-json><code><button class=collapser aria-label=collapse></button>' +
  '<span class="token punctuation">{</span><span class=ellipsis></span><ul class="obj collapsible">' +
  '<li><div class="hoverable "><span class="property token string">"id"</span>: ' +
  '<span class="token number">42</span><span class="token punctuation">,</span></div>' +
  '<li><div class="hoverable collapsed"><span class="property token string">"auth"</span>: ' +
  '<button class=collapser aria-label=expand></button><span class="token punctuation">{</span>' +
  '<span class=ellipsis></span><ul class="obj collapsible"><li><div class="hoverable ">' +
  '<span class="property token string">"secret"</span>: <span class="token string">"s3cr&lt;t"</span>' +
  '</div></ul><span class="token punctuation">}</span><span class="token punctuation">,</span></div>' +
  '<li><div class="hoverable "><span class="property token string">"url"</span>: <span class="token string">' +
  '"<a href=https://shop.example.com/ok>https://shop.example.com/ok</a>"</span></div>' +
  '</ul><span class="token punctuation">}</span></code></div>'

const PAGE =
  '<!doctype html><html><head><title>Ref</title></head><body><div id=__docusaurus>' +
  '<main class=plazo-redoc data-interactive=false><div class=redocusaurus><h2>Create</h2><h5>Request</h5>' +
  '<select class=dropdown-select><option>one</select>' +
  '<div role=tabpanel aria-labelledby=tab_1><div class=box>' +
  SAMPLE +
  '</div></div></div></main><footer>end</footer></div></body></html>'

function visibleText(html: string): string {
  return html.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<')
}

describe('finishReferencePage', () => {
  const finished = finishReferencePage(PAGE, 'Ejemplo')
  const sample = /<div class="redoc-json"><code>([\s\S]*?)<\/code><\/div>/.exec(finished)?.[1] ?? ''

  it('shows a JSON sample as the lines Redoc shows, indented, a collapsed object as an ellipsis', () => {
    expect(visibleText(sample)).toBe(
      '{\n  "id": 42,\n  "auth": { … },\n  "url": "https://shop.example.com/ok"\n}',
    )
    expect(sample).not.toContain('secret')
  })

  it('keeps the colours of the keys and values, without the viewer’s lists, buttons or links', () => {
    expect(sample).toContain('<span class="property token string">"id"</span>')
    expect(sample).toContain('<span class="token number">42</span>')
    expect(sample).not.toMatch(/<(ul|li|button|a)\b/)
  })

  it('keeps the characters of a value that HTML escapes', () => {
    const page = PAGE.replace(
      '<span class="token number">42</span>',
      '<span class="token string">"a&lt;b&amp;c"</span>',
    )
    const escaped = finishReferencePage(page, 'Example')
    expect(escaped).toContain('<span class="token string">"a&lt;b&amp;c"</span>')
  })

  it('completes the accessibility of the markup in the page’s language', () => {
    expect(finished).toContain('<select class="dropdown-select" aria-label="Ejemplo">')
    expect(finished).toContain('<h5 aria-level="3">Request</h5>')
    expect(finished).toContain('<div class="box" tabindex="0" role="group" aria-labelledby="tab_1">')
  })

  it('leaves the page outside the reference as Docusaurus wrote it', () => {
    expect(finished.startsWith(PAGE.slice(0, PAGE.indexOf('<div class=redocusaurus>')))).toBe(true)
    expect(finished.endsWith('</main><footer>end</footer></div></body></html>')).toBe(true)
  })

  it('stops the build when a page has no prerendered reference', () => {
    expect(() => finishReferencePage('<html><body><main>x</main></body></html>', 'Example')).toThrow(
      /no prerendered reference/,
    )
  })

  it('defers what follows the first operation: tag headings whole, operations by panel', () => {
    const operation = (id: string) =>
      `<div data-section-id=${id}><div id=operation/x><div>Text</div><div>Samples</div></div></div>`
    const sections =
      '<div class=api-content><div id=intro>Intro</div><div data-section-id=tag/Auth>Auth</div>' +
      operation('tag/Auth/operation/login') +
      operation('tag/Auth/operation/refresh') +
      '<div data-section-id=tag/Orders>Orders</div></div>'
    const page = finishReferencePage(PAGE.replace('<h2>Create</h2>', sections), 'Example')
    expect(page).toContain(
      '<div id="intro">Intro</div><div data-section-id="tag/Auth">Auth</div>' +
        '<div data-section-id="tag/Auth/operation/login"><div id="operation/x"><div>Text</div><div>Samples</div>',
    )
    expect(page).toContain(
      '<div data-section-id="tag/Auth/operation/refresh"><div id="operation/x">' +
        '<div data-deferred="">Text</div><div data-deferred="">Samples</div></div></div>' +
        '<div data-section-id="tag/Orders" data-deferred="">Orders</div>',
    )
    // A reference with a single operation has nothing to defer.
    expect(finished).not.toContain('data-deferred')
  })
})
