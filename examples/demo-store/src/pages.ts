import { CATALOG, type Product } from './catalog.ts'
import type { DemoConfig } from './config.ts'
import { html, money, type Raw, raw, scriptValue } from './html.ts'
import type { Order, ReceivedEvent } from './orders.ts'

export type Locale = 'es' | 'fr' | 'en'

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; color: #1f2933; background: #f7f7f5; }
  header { background: #0f766e; color: #fff; padding: 1rem 2rem; display: flex; gap: 2rem; align-items: center; }
  header a { color: #fff; text-decoration: none; font-weight: 600; }
  main { max-width: 960px; margin: 2rem auto; padding: 0 1rem; }
  .products { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 1rem; }
  .card { background: #fff; border: 1px solid #e4e7eb; border-radius: 8px; padding: 1rem; }
  .price { font-size: 1.5rem; font-weight: 700; }
  .plazo-bnpl { display: block; color: #0f766e; margin: .25rem 0 1rem; }
  .plazo-simulator { border: 1px solid #e4e7eb; border-radius: 8px; padding: 1rem; margin: 1rem 0; background: #fff; }
  .plazo-simulator__label { margin-right: .5rem; }
  .plazo-simulator dl { display: grid; grid-template-columns: auto auto; gap: .25rem 1rem; }
  .plazo-simulator dd { margin: 0; font-weight: 600; text-align: right; }
  button { background: #0f766e; color: #fff; border: 0; border-radius: 6px; padding: .7rem 1.2rem; font-size: 1rem; cursor: pointer; }
  button.secondary { background: #fff; color: #0f766e; border: 1px solid #0f766e; }
  table { width: 100%; border-collapse: collapse; background: #fff; }
  th, td { text-align: left; padding: .5rem; border-bottom: 1px solid #e4e7eb; }
  .status { font-weight: 700; text-transform: capitalize; }
  .error { color: #b91c1c; }
  nav.lang a { margin-right: .5rem; }
`

function layout(title: string, body: Raw, scripts: Raw = raw('')): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Demo Store</title>
<style>${raw(STYLE)}</style>
</head>
<body>
<header><a href="/">Demo Store</a><a href="/orders">Orders</a></header>
<main>
${body}
</main>
${scripts}
</body>
</html>`.html
}

/** checkout.js from the Plazo API, then `init`: the agent id is public, the base URL comes from the tag. */
function plazoScript(config: DemoConfig, locale: Locale, code: string): Raw {
  return html`<script src="${config.apiPublicUrl}/checkout.js"></script>
<script>
PlazoCheckout.init({ agentId: ${raw(scriptValue(config.agentId))}, locale: ${raw(scriptValue(locale))} })
${raw(code)}
</script>`
}

function languageLinks(path: string, locale: Locale): Raw {
  const links = (['es', 'fr', 'en'] as const).map((lang) =>
    lang === locale ? html`<strong>${lang}</strong> ` : html`<a href="${path}?lang=${lang}">${lang}</a> `,
  )
  return html`<nav class="lang" aria-label="Language of the financing texts">${links}</nav>`
}

export function homePage(config: DemoConfig, locale: Locale): string {
  const cards = CATALOG.map(
    (product) => html`<article class="card">
  <h2><a href="/products/${product.sku}?lang=${locale}">${product.name}</a></h2>
  <p>${product.description}</p>
  <div class="price">${money(product.price)}</div>
  <span class="bnpl" data-amount="${product.price}"></span>
</article>`,
  )
  const code = `document.querySelectorAll('.bnpl').forEach((el) => {
  PlazoCheckout.BnplComponent({ mountElement: el, amount: Number(el.dataset.amount) })
})`
  return layout(
    'Shop',
    html`<h1>Shop</h1>${languageLinks('/', locale)}<section class="products">${cards}</section>`,
    plazoScript(config, locale, code),
  )
}

export function productPage(config: DemoConfig, product: Product, locale: Locale): string {
  const body = html`<article class="card">
  <h1>${product.name}</h1>
  ${languageLinks(`/products/${product.sku}`, locale)}
  <p>${product.description}</p>
  <div class="price" id="price">${money(product.price)}</div>
  <div id="bnpl"></div>
  <div id="simulator"></div>
  <form method="post" action="/checkout">
    <input type="hidden" name="sku" value="${product.sku}">
    <input type="hidden" name="lang" value="${locale}">
    <button type="submit" name="mode" value="embedded">Pay with Plazo here</button>
    <button type="submit" name="mode" value="hpp" class="secondary">Pay on Plazo's page</button>
  </form>
</article>`
  const code = `PlazoCheckout.BnplComponent({ mountElement: '#bnpl', amount: ${product.price} })
PlazoCheckout.SimulatorComponent({
  mountElement: '#simulator',
  amount: ${product.price},
  paymentMethodType: 'consumer_loan_instalments',
})`
  return layout(product.name, body, plazoScript(config, locale, code))
}

export function checkoutPage(config: DemoConfig, order: Order, clientSecret: string, locale: Locale): string {
  const body = html`<h1>Checkout</h1>
<p>Order <strong>${order.reference}</strong>: ${order.product.name}, <strong>${money(order.product.price)}</strong></p>
<p id="checkout-error" class="error" role="alert"></p>
<div id="checkout"></div>`
  const orderUrl = `/orders/${order.checkoutSessionId}`
  // The client secret goes to checkout-js, which hands it to Plazo's iframe by postMessage.
  const code = `PlazoCheckout.CheckoutSessionComponent({
  mountElement: '#checkout',
  clientSecret: ${scriptValue(clientSecret)},
  onComplete: () => location.assign(${scriptValue(orderUrl)}),
  onCancel: () => location.assign(${scriptValue(orderUrl)}),
  onError: (error) => { document.getElementById('checkout-error').textContent = error.localizedMessage },
})`
  return layout('Checkout', body, plazoScript(config, locale, code))
}

function eventRows(events: ReceivedEvent[]): Raw {
  if (events.length === 0) return html`<p>No notification received yet.</p>`
  const rows = events.map(
    (e) => html`<tr>
  <td>${e.receivedAt}</td>
  <td>${e.event.event}</td>
  <td>${e.event.status}</td>
  <td>${e.verified ? 'signature verified' : 'not verified'}</td>
</tr>`,
  )
  return html`<table><thead><tr><th>Received</th><th>Event</th><th>Status</th><th>Signature</th></tr></thead>
<tbody>${rows}</tbody></table>`
}

export function orderPage(order: Order, apiStatus: string): string {
  return layout(
    `Order ${order.reference}`,
    html`<h1>Order ${order.reference}</h1>
<p>${order.product.name} · ${money(order.product.price)} · paid ${order.mode === 'hpp' ? "on Plazo's page" : 'here'}</p>
<p>Status: <span class="status" id="order-status">${apiStatus}</span></p>
<h2>Notifications</h2>
${eventRows(order.events)}
<p><a href="/orders/${order.checkoutSessionId}">Refresh</a></p>`,
  )
}

export function ordersPage(config: DemoConfig, orders: Order[], unmatched: ReceivedEvent[]): string {
  const rows = orders.map(
    (o) => html`<tr>
  <td><a href="/orders/${o.checkoutSessionId}">${o.reference}</a></td>
  <td>${o.product.name}</td>
  <td>${money(o.product.price)}</td>
  <td>${o.mode}</td>
  <td class="status">${o.status}</td>
  <td>${o.events.length}</td>
</tr>`,
  )
  return layout(
    'Orders',
    html`<h1>Orders</h1>
<p>Statuses come from the notifications Plazo sends to <code>${config.publicUrl}/webhooks/plazo</code>.</p>
<table><thead><tr><th>Order</th><th>Product</th><th>Amount</th><th>Checkout</th><th>Status</th><th>Notifications</th></tr></thead>
<tbody>${rows}</tbody></table>
${unmatched.length ? html`<h2>Other notifications</h2>${eventRows(unmatched)}` : ''}`,
  )
}

export function messagePage(title: string, message: string): string {
  return layout(title, html`<h1>${title}</h1><p>${message}</p><p><a href="/">Back to the shop</a></p>`)
}
