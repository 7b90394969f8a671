# expect: GetSessionResponseSchema
# Creates a hosted-page session, plays the customer paying on the page (sandbox test helper), then reads the
# session as your server would before shipping the order.
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
    "merchant": { "order_reference_1": "ORDER-100045" },
    "cart": {
      "total_price_with_tax": 25800,
      "currency": "EUR",
      "items": [{
        "article": { "type": "product", "category": "physical", "name": "Trail running shoes",
                     "reference": "8412345678905", "unit_price_with_tax": 12900 },
        "units": 2, "total_discount": 0, "total_price_with_tax": 25800
      }]
    },
    "ui": { "mode": "hpp", "hpp": { "merchant_urls": {
      "success_url": "https://shop.example.com/checkout/success",
      "cancel_url": "https://shop.example.com/checkout/cancel" } } }
  }' | json .checkout_session_id)

# Sandbox only: the customer chooses "pay in 3" on the page and the lender approves.
curl -sS --fail-with-body -o /dev/null -X POST "$API/test-helpers/checkout/$SESSION_ID/customer-action/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d '{"action": "approve", "payment_method_type": "bnpl_instalments"}'

# Your success_url was opened with ?order_reference=…&checkout_session_id=…: check the session on your server.
curl -sS --fail-with-body "$API/checkout/$SESSION_ID/" -H "Authorization: Bearer $TOKEN"
