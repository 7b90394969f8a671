# expect: SessionResponseSchema
# Update an order before it is captured: the customer added a second item to the basket.
set -euo pipefail
API="${PLAZO_API_URL:-http://localhost:4000/api/v2}"
USERNAME="${PLAZO_USERNAME:-demo@plazo.test}"
PASSWORD="${PLAZO_PASSWORD:-plazo-sandbox}"
# Reads one field of the JSON on stdin, e.g. `json .access_token`.
json() { node -pe "JSON.parse(require('fs').readFileSync(0, 'utf8'))$1"; }

# Log in; the access token authorizes every other call.
TOKEN=$(curl -sS --fail-with-body -X POST "$API/auth/login/" \
  -H 'Content-Type: application/json' \
  -d "{\"username\": \"$USERNAME\", \"password\": \"$PASSWORD\"}" | json .access_token)

# 1. The order as first created: one pair of shoes.
SESSION_ID=$(curl -sS --fail-with-body -X POST "$API/checkout/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d @- <<'JSON' | json .checkout_session_id
{
  "merchant": { "order_reference_1": "ORDER-100046" },
  "cart": {
    "total_price_with_tax": 12900,
    "currency": "EUR",
    "items": [
      {
        "article": { "type": "product", "category": "physical", "name": "Trail running shoes",
                     "reference": "8412345678905", "unit_price_with_tax": 12900 },
        "units": 1, "total_discount": 0, "total_price_with_tax": 12900
      }
    ]
  },
  "ui": { "mode": "hpp" }
}
JSON
)

# 2. PUT the whole order again, as it is now: it replaces the previous one.
curl -sS --fail-with-body -X PUT "$API/checkout/$SESSION_ID/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d @- <<'JSON'
{
  "merchant": { "order_reference_1": "ORDER-100046" },
  "cart": {
    "total_price_with_tax": 15800,
    "currency": "EUR",
    "items": [
      {
        "article": { "type": "product", "category": "physical", "name": "Trail running shoes",
                     "reference": "8412345678905", "unit_price_with_tax": 12900 },
        "units": 1, "total_discount": 0, "total_price_with_tax": 12900
      },
      {
        "article": { "type": "product", "category": "physical", "name": "Running socks (3 pairs)",
                     "reference": "8412345678912", "unit_price_with_tax": 2900 },
        "units": 1, "total_discount": 0, "total_price_with_tax": 2900
      }
    ]
  },
  "ui": { "mode": "hpp" }
}
JSON
