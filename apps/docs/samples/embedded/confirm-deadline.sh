# expect: GetSessionResponseSchema
# Delegated mode: an approved order you do not confirm within max_interval_in_minutes_for_confirm is cancelled.
# The sandbox clock helper moves time forward so you can see it at once.
set -euo pipefail
API="${PLAZO_API_URL:-http://localhost:4000/api/v2}"
USERNAME="${PLAZO_USERNAME:-demo@plazo.test}"
PASSWORD="${PLAZO_PASSWORD:-plazo-sandbox}"
json() { node -pe "JSON.parse(require('fs').readFileSync(0, 'utf8'))$1"; }

TOKEN=$(curl -sS --fail-with-body -X POST "$API/auth/login/" \
  -H 'Content-Type: application/json' \
  -d "{\"username\": \"$USERNAME\", \"password\": \"$PASSWORD\"}" | json .access_token)

SESSION_ID=$(curl -sS --fail-with-body -X POST "$API/checkout/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d '{
    "merchant": { "order_reference_1": "ORDER-100052", "checkout_mode": "delegated",
                  "max_interval_in_minutes_for_confirm": 60 },
    "cart": {
      "total_price_with_tax": 25800,
      "currency": "EUR",
      "items": [{
        "article": { "type": "product", "category": "physical", "name": "Trail running shoes",
                     "reference": "8412345678905", "unit_price_with_tax": 12900 },
        "units": 2, "total_discount": 0, "total_price_with_tax": 25800
      }]
    }
  }' | json .checkout_session_id)

curl -sS --fail-with-body -o /dev/null -X POST "$API/test-helpers/checkout/$SESSION_ID/customer-action/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d '{"action": "approve", "payment_method_type": "bnpl_instalments"}'

# Sandbox only: 61 minutes pass without a confirmation.
curl -sS --fail-with-body -o /dev/null -X POST "$API/test-helpers/clock/advance/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d '{"minutes": 61}'

# The session is now "cancelled", and its approved payment intent too.
curl -sS --fail-with-body "$API/checkout/$SESSION_ID/" -H "Authorization: Bearer $TOKEN"
