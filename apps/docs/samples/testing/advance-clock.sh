# expect: GetSessionResponseSchema
# Sandbox only: move the clock forward to see a time limit at work without waiting for it.
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

# 1. A delegated order that must be confirmed within 30 minutes, approved by the lender.
SESSION_ID=$(curl -sS --fail-with-body -X POST "$API/checkout/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d @- <<'JSON' | json .checkout_session_id
{
  "merchant": {
    "order_reference_1": "ORDER-100050",
    "checkout_mode": "delegated",
    "max_interval_in_minutes_for_confirm": 30
  },
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
curl -sS --fail-with-body -X POST "$API/test-helpers/checkout/$SESSION_ID/customer-action/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d '{"action": "approve"}' > /dev/null

# 2. Half an hour and a minute later, nobody has confirmed it: the confirm window cancels the order.
curl -sS --fail-with-body -X POST "$API/test-helpers/clock/advance/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d '{"minutes": 31}' >&2
echo >&2

# 3. The session is now cancelled, and its notifications say so.
curl -sS --fail-with-body "$API/checkout/$SESSION_ID/" \
  -H "Authorization: Bearer $TOKEN"
