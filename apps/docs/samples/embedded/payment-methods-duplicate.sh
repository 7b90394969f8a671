# expect: ValidationErrorBodySchema
# expect-status: 400
# A payment method type may be offered only once: a second entry of the same type is refused with a 400 that
# names it. Merge the options into one entry instead.
set -euo pipefail
API="${PLAZO_API_URL:-http://localhost:4000/api/v2}"
USERNAME="${PLAZO_USERNAME:-demo@plazo.test}"
PASSWORD="${PLAZO_PASSWORD:-plazo-sandbox}"
json() { node -pe "JSON.parse(require('fs').readFileSync(0, 'utf8'))$1"; }

TOKEN=$(curl -sS --fail-with-body -X POST "$API/auth/login/" \
  -H 'Content-Type: application/json' \
  -d "{\"username\": \"$USERNAME\", \"password\": \"$PASSWORD\"}" | json .access_token)

# No --fail-with-body: the 400 is the answer this sample shows.
curl -sS -X POST "$API/checkout/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d @- <<'JSON'
{
  "merchant": { "order_reference_1": "ORDER-100053" },
  "cart": {
    "total_price_with_tax": 25800,
    "currency": "EUR",
    "items": [
      {
        "article": {
          "type": "product",
          "category": "physical",
          "name": "Trail running shoes",
          "reference": "8412345678905",
          "unit_price_with_tax": 12900
        },
        "units": 2,
        "total_discount": 0,
        "total_price_with_tax": 25800
      }
    ]
  },
  "payment_methods": [
    { "type": "bnpl_instalments", "options": { "periods": [3] } },
    { "type": "bnpl_instalments", "options": { "periods": [6, 9] } }
  ]
}
JSON
