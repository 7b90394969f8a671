# expect: OutboxListResponseSchema
# Sandbox only: the sandbox keeps the messages instead of sending them; read what the customer would receive.
set -euo pipefail
API="${PLAZO_API_URL:-http://localhost:4000/api/v2}"
USERNAME="${PLAZO_USERNAME:-demo@plazo.test}"
PASSWORD="${PLAZO_PASSWORD:-plazo-sandbox}"
json() { node -pe "JSON.parse(require('fs').readFileSync(0, 'utf8'))$1"; }

TOKEN=$(curl -sS --fail-with-body -X POST "$API/auth/login/" \
  -H 'Content-Type: application/json' \
  -d "{\"username\": \"$USERNAME\", \"password\": \"$PASSWORD\"}" | json .access_token)

REDIRECT_URL=$(curl -sS --fail-with-body -X POST "$API/checkout/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d '{
    "merchant": { "order_reference_1": "ORDER-100061" },
    "cart": {
      "total_price_with_tax": 25800,
      "currency": "EUR",
      "items": [{
        "article": { "type": "product", "category": "physical", "name": "Trail running shoes",
                     "reference": "8412345678905", "unit_price_with_tax": 12900 },
        "units": 2, "total_discount": 0, "total_price_with_tax": 25800
      }]
    },
    "ui": { "mode": "hpp" }
  }' | json .redirect_url)
HPP_ID="${REDIRECT_URL##*/}"

curl -sS --fail-with-body -o /dev/null -X POST "$API/checkout/hpp/$HPP_ID/distribute/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d '{"recipient": "+34600123456"}'

curl -sS --fail-with-body "$API/test-helpers/outbox/?hpp_id=$HPP_ID" -H "Authorization: Bearer $TOKEN"
