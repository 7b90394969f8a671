# expect: ClientSessionSchema
# Offers three payment methods on the hosted page, in your order and with your terms, then reads what the page
# shows: each method with one offer (instalment, interest, APR, total cost) per term.
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
  -d @- <<'JSON' | json .redirect_url
{
  "merchant": { "order_reference_1": "ORDER-100101" },
  "cart": {
    "total_price_with_tax": 64900,
    "currency": "EUR",
    "items": [
      {
        "article": {
          "type": "product",
          "category": "physical",
          "name": "Smartphone",
          "reference": "8412345678936",
          "unit_price_with_tax": 64900
        },
        "units": 1,
        "total_discount": 0,
        "total_price_with_tax": 64900
      }
    ]
  },
  "payment_methods": [
    { "type": "bnpl_instalments", "options": { "periods": [3, 6, 12] } },
    { "type": "consumer_loan_instalments", "options": { "periods": [18, 24] } },
    { "type": "card_payment" }
  ],
  "ui": {
    "mode": "hpp",
    "hpp": {
      "merchant_urls": {
        "success_url": "https://shop.example.com/checkout/success",
        "cancel_url": "https://shop.example.com/checkout/cancel"
      }
    }
  }
}
JSON
)

# What the hosted page loads when the customer opens redirect_url (no token: the page id is the key).
curl -sS --fail-with-body "$API/client/hpp/${REDIRECT_URL##*/}"
