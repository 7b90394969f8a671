# expect: EmbeddedCreateResponseSchema
# Creates a checkout session for the embedded checkout and prints the answer.
set -euo pipefail
API="${PLAZO_API_URL:-http://localhost:4000/api/v2}"
USERNAME="${PLAZO_USERNAME:-demo@plazo.test}"
PASSWORD="${PLAZO_PASSWORD:-plazo-sandbox}"
# Reads one field of the JSON on stdin, e.g. `json .access_token`.
json() { node -pe "JSON.parse(require('fs').readFileSync(0, 'utf8'))$1"; }

# 1. Log in; the access token authorizes every other call.
TOKEN=$(curl -sS --fail-with-body -X POST "$API/auth/login/" \
  -H 'Content-Type: application/json' \
  -d "{\"username\": \"$USERNAME\", \"password\": \"$PASSWORD\"}" | json .access_token)

# 2. Create the session: ui.mode "embedded" (also the default when ui is left out).
curl -sS --fail-with-body -X POST "$API/checkout/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d @- <<'JSON'
{
  "merchant": { "order_reference_1": "ORDER-100045" },
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
  "ui": { "mode": "embedded" }
}
JSON
