# expect: SessionResponseSchema
# Cancel a confirmed order that will not be shipped.
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

# 1. An order confirmed and not captured yet (auto_confirm mode).
SESSION_ID=$(curl -sS --fail-with-body -X POST "$API/checkout/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d @- <<'JSON' | json .checkout_session_id
{
  "merchant": { "order_reference_1": "ORDER-100045", "checkout_mode": "auto_confirm" },
  "cart": {
    "total_price_with_tax": 28700,
    "currency": "EUR",
    "items": [
      {
        "article": { "type": "product", "category": "physical", "name": "Trail running shoes",
                     "reference": "8412345678905", "unit_price_with_tax": 12900 },
        "units": 2, "total_discount": 0, "total_price_with_tax": 25800
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
)

# Sandbox only: play the customer, who completes the checkout, and the lender, who approves.
curl -sS --fail-with-body -X POST "$API/test-helpers/checkout/$SESSION_ID/customer-action/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d '{"action": "approve", "payment_method_type": "bnpl_instalments"}' > /dev/null

# 2. Cancel it. This cannot be undone.
curl -sS --fail-with-body -X DELETE "$API/checkout/$SESSION_ID/" \
  -H "Authorization: Bearer $TOKEN"
