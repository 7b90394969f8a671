# expect: ErrorBodySchema
# expect-status: 409
# What a capture answers when the session is not confirmed yet (here: the customer has not paid).
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
    "merchant": { "order_reference_1": "ORDER-100051", "checkout_mode": "delegated" },
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

# No --fail-with-body: the 409 body is what this sample shows.
BODY=$(mktemp)
STATUS=$(curl -sS -o "$BODY" -w '%{http_code}' -X POST "$API/checkout/$SESSION_ID/capture/" \
  -H "Authorization: Bearer $TOKEN")
echo "HTTP $STATUS" >&2
cat "$BODY"
