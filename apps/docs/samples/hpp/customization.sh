# expect: ClientSessionSchema
# Creates a hosted-page session with your title, logo, colours and shape, then reads it as the page does.
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
  "merchant": { "order_reference_1": "ORDER-100091" },
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
  "purchase_country": "ESP",
  "ui": {
    "mode": "hpp",
    "customization": {
      "color_brand": "#0b3d91",
      "color_brand_foreground": "#ffffff",
      "color_background": "#f8fafc",
      "shape": "rectangular"
    },
    "hpp": {
      "customization": {
        "page_title": "Montaña Shop · Checkout",
        "logo_url": "https://shop.example.com/assets/logo.svg"
      },
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
