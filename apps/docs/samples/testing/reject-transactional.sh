# expect: ErrorBodySchema
# expect-status: 410
# Sandbox only: a lender that rejects transactional captures (customer e-mail tag +reject). The API answers 410
# and nothing is captured.
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

# 1. A confirmed order whose customer's e-mail carries the +reject tag.
SESSION_ID=$(curl -sS --fail-with-body -X POST "$API/checkout/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d @- <<'JSON' | json .checkout_session_id
{
  "merchant": { "order_reference_1": "ORDER-100052", "checkout_mode": "auto_confirm" },
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
  "customer": { "first_name": "Ana", "last_name": "García", "email": "ana.garcia+reject@example.com" },
  "ui": { "mode": "hpp" }
}
JSON
)
curl -sS --fail-with-body -X POST "$API/test-helpers/checkout/$SESSION_ID/customer-action/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d '{"action": "approve"}' > /dev/null

# 2. A transactional capture: the lender rejects it in the call. No --fail-with-body: the 410 body is the point.
curl -sS -X POST "$API/checkout/$SESSION_ID/capture/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d '{"transactional": true}'
