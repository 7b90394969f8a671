# expect: GetSessionResponseSchema
# Chooses the payment methods of a session on your server: only the terms whose instalment fits your rule
# (at most 100 € a month here), interest-free methods first, then creates the session with that list and
# reads back what it offers.
set -euo pipefail
API="${PLAZO_API_URL:-http://localhost:4000/api/v2}"
USERNAME="${PLAZO_USERNAME:-demo@plazo.test}"
PASSWORD="${PLAZO_PASSWORD:-plazo-sandbox}"
AGENT_ID="${PLAZO_AGENT_ID:-a0a09c08-ec9b-4994-8a89-ddaf1e736565}"
json() { node -pe "JSON.parse(require('fs').readFileSync(0, 'utf8'))$1"; }
AMOUNT=89900       # cents: the cart total
MAX_INSTALMENT=10000 # your rule: at most 100,00 € a month

# 1. Every offer your agent makes for this amount (the public call behind checkout-js's simulator).
OFFERS=$(curl -sS --fail-with-body -X POST "$API/client/simulate" \
  -H 'Content-Type: application/json' \
  -d "{\"agent_id\": \"$AGENT_ID\", \"amount\": $AMOUNT}")

# 2. Keep the terms that pass your rule, interest-free methods first, as a payment_methods list.
METHODS=$(MAX="$MAX_INSTALMENT" node -e '
  const { offers } = JSON.parse(require("fs").readFileSync(0, "utf8"))
  const terms = new Map()
  for (const o of offers) {
    if (o.conditions.user_defined_quota > Number(process.env.MAX)) continue
    if (o.payment_method_type === "auto_loan") continue // auto loans finance vehicles; this cart has none
    const e = terms.get(o.payment_method_type) ?? { periods: [], free: true }
    e.periods.push(o.period)
    e.free = e.free && o.conditions.apr === 0
    terms.set(o.payment_method_type, e)
  }
  const list = [...terms].sort(([, a], [, b]) => b.free - a.free)
  console.log(JSON.stringify(list.map(([type, e]) => ({ type, options: { periods: e.periods } }))))
' <<<"$OFFERS")

# 3. Create the session with that list.
TOKEN=$(curl -sS --fail-with-body -X POST "$API/auth/login/" \
  -H 'Content-Type: application/json' \
  -d "{\"username\": \"$USERNAME\", \"password\": \"$PASSWORD\"}" | json .access_token)
ID=$(curl -sS --fail-with-body -X POST "$API/checkout/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d @- <<JSON | json .checkout_session_id
{
  "merchant": { "order_reference_1": "ORDER-100071" },
  "cart": {
    "total_price_with_tax": $AMOUNT,
    "currency": "EUR",
    "items": [
      {
        "article": {
          "type": "product",
          "category": "physical",
          "name": "Espresso machine",
          "reference": "8412345678929",
          "unit_price_with_tax": $AMOUNT
        },
        "units": 1,
        "total_discount": 0,
        "total_price_with_tax": $AMOUNT
      }
    ]
  },
  "payment_methods": $METHODS,
  "ui": { "mode": "embedded" }
}
JSON
)

# 4. payload.payment_methods is your list, in your order; one payment intent per method.
curl -sS --fail-with-body "$API/checkout/$ID/" -H "Authorization: Bearer $TOKEN"
