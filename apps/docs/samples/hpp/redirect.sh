# expect: ClientOutcomeSchema
# Creates a hosted-page session with your return URLs, then completes it through the hosted page's own client
# API, as the customer's browser does: the answer's redirect_url is where the page sends the customer.
set -euo pipefail
API="${PLAZO_API_URL:-http://localhost:4000/api/v2}"
USERNAME="${PLAZO_USERNAME:-demo@plazo.test}"
PASSWORD="${PLAZO_PASSWORD:-plazo-sandbox}"
json() { node -pe "JSON.parse(require('fs').readFileSync(0, 'utf8'))$1"; }

TOKEN=$(curl -sS --fail-with-body -X POST "$API/auth/login/" \
  -H 'Content-Type: application/json' \
  -d "{\"username\": \"$USERNAME\", \"password\": \"$PASSWORD\"}" | json .access_token)

# 1. Both URLs, or neither. Your own query (here ?lang=es) and fragment are kept.
REDIRECT_URL=$(curl -sS --fail-with-body -X POST "$API/checkout/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d @- <<'JSON' | json .redirect_url
{
  "merchant": { "order_reference_1": "ORDER-100081" },
  "cart": {
    "total_price_with_tax": 25800,
    "currency": "EUR",
    "items": [
      {
        "article": {
          "type": "product",
          "category": "physical",
          "name": "Trail running shoes",
          "reference": "8412345678905",
          "unit_price_with_tax": 12900
        },
        "units": 2,
        "total_discount": 0,
        "total_price_with_tax": 25800
      }
    ]
  },
  "ui": {
    "mode": "hpp",
    "hpp": {
      "merchant_urls": {
        "success_url": "https://shop.example.com/checkout/success?lang=es",
        "cancel_url": "https://shop.example.com/checkout/cancel"
      }
    }
  }
}
JSON
)
HPP_ID="${REDIRECT_URL##*/}" # the last path segment of redirect_url

# 2. The customer chooses "pay in 3", gives their details and confirms on the page (sandbox lender: approved).
curl -sS --fail-with-body -X POST "$API/client/hpp/$HPP_ID/complete" \
  -H 'Content-Type: application/json' \
  -d @- <<'JSON'
{
  "payment_method_type": "bnpl_instalments",
  "period": 3,
  "customer": {
    "first_name": "Ana",
    "last_name": "García",
    "email": "ana@example.com",
    "phone_number": "+34600123456"
  }
}
JSON
