# expect: OperationResponseSchema
# Delegated mode: the lender approves, then your server confirms the order and captures it when it ships.
set -euo pipefail
API="${PLAZO_API_URL:-http://localhost:4000/api/v2}"
USERNAME="${PLAZO_USERNAME:-demo@plazo.test}"
PASSWORD="${PLAZO_PASSWORD:-plazo-sandbox}"
json() { node -pe "JSON.parse(require('fs').readFileSync(0, 'utf8'))$1"; }

TOKEN=$(curl -sS --fail-with-body -X POST "$API/auth/login/" \
  -H 'Content-Type: application/json' \
  -d "{\"username\": \"$USERNAME\", \"password\": \"$PASSWORD\"}" | json .access_token)

# 1. A session in delegated mode: you confirm within 24 h of approval, and capture within 7 days of confirming.
SESSION_ID=$(curl -sS --fail-with-body -X POST "$API/checkout/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d '{
    "merchant": {
      "order_reference_1": "ORDER-100050",
      "checkout_mode": "delegated",
      "max_interval_in_minutes_for_confirm": 1440,
      "max_interval_in_minutes_for_capture": 10080
    },
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

# 2. Sandbox only: the customer pays in 3 on the hosted page and the lender approves. The session stays "initial".
curl -sS --fail-with-body -o /dev/null -X POST "$API/test-helpers/checkout/$SESSION_ID/customer-action/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d '{"action": "approve", "payment_method_type": "bnpl_instalments"}'

# 3. Confirm the order: the session becomes "confirmed".
curl -sS --fail-with-body -o /dev/null -X POST "$API/checkout/$SESSION_ID/confirm/" \
  -H "Authorization: Bearer $TOKEN"

# 4. Capture every order line not captured yet, when you ship.
curl -sS --fail-with-body -X POST "$API/checkout/$SESSION_ID/capture/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -H "Idempotency-Key: capture-$SESSION_ID" \
  -d '{"description": "Shipped with tracking 1Z999AA10123456784"}'
