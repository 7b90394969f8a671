# expect: SessionResponseSchema
# Correct the notification_url of an order that can no longer be updated (captured, cancelled or expired).
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

# 1. An order created with a mistyped notification_url ("plazzo"), which the sandbox lender approves: in
#    auto_capture mode it is captured at once, so PUT /checkout/{id}/ can no longer change it (409).
SESSION_ID=$(curl -sS --fail-with-body -X POST "$API/checkout/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d @- <<'JSON' | json .checkout_session_id
{
  "merchant": {
    "order_reference_1": "ORDER-100049",
    "notification_url": "http://localhost:3001/webhooks/plazzo"
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

# 2. Correct the URL: every later try of the session's notifications goes there. The answer is the session.
curl -sS --fail-with-body -X PUT "$API/webhooks/sessions/$SESSION_ID/notification-url/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d '{"notification_url": "http://localhost:3001/webhooks/plazo"}'
