# expect: DistributeResponseSchema
# Sends the hosted page link to the customer by e-mail (or SMS for a phone number).
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
    "merchant": { "order_reference_1": "ORDER-100060" },
    "cart": {
      "total_price_with_tax": 25800,
      "currency": "EUR",
      "items": [{
        "article": { "type": "product", "category": "physical", "name": "Trail running shoes",
                     "reference": "8412345678905", "unit_price_with_tax": 12900 },
        "units": 2, "total_discount": 0, "total_price_with_tax": 25800
      }]
    },
    "customer": { "first_name": "Ana", "last_name": "García", "email": "ana.garcia@example.com" },
    "ui": { "mode": "hpp" }
  }' | json .redirect_url)

# The hosted page id is the last segment of redirect_url.
HPP_ID="${REDIRECT_URL##*/}"

curl -sS --fail-with-body -X POST "$API/checkout/hpp/$HPP_ID/distribute/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d '{"recipient": "ana.garcia@example.com"}'
