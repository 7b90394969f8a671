import { DocsSearch } from './src/docs/search.ts'

const s = new DocsSearch()
console.time('load')
s.pages('en')
s.pages('es')
console.timeEnd('load')
for (const [q, l] of [
  ['how do I verify a webhook signature', 'en'],
  ['refund part of an order', 'en'],
  ['capture an order', 'en'],
  ['¿cómo reembolso un pedido?', 'es'],
  ['simulate the customer approving', 'en'],
  ['hosted payment page redirect url', 'en'],
] as const) {
  console.log(q, s.search(q, l, 3))
}
console.log(s.find('/docs/webhooks.md')?.markdown.slice(0, 800))
console.log(s.find('https://x/es/docs/hpp/customization')?.url)
