# expect: SessionResponseSchema
# Sandbox only: play the customer, who chooses a payment method and completes the checkout, and the lender.
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

# 1. A session, as your server creates it.
SESSION_ID=$(curl -sS --fail-with-body -X POST "$API/checkout/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d @- <<'JSON' | json .checkout_session_id
{
  "merchant": { "order_reference_1": "ORDER-100049", "checkout_mode": "delegated" },
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

# 2. The customer pays in 3 to 12 instalments and the lender approves: the answer is the session afterwards.
curl -sS --fail-with-body -X POST "$API/test-helpers/checkout/$SESSION_ID/customer-action/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d '{"action": "approve", "payment_method_type": "bnpl_instalments"}'
