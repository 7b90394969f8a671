# expect: ClientSessionSchema
# Creates an embedded session in your shop's colours and shape, then reads it as the checkout iframe does:
# `customization` is what the iframe paints itself with.
set -euo pipefail
API="${PLAZO_API_URL:-http://localhost:4000/api/v2}"
USERNAME="${PLAZO_USERNAME:-demo@plazo.test}"
PASSWORD="${PLAZO_PASSWORD:-plazo-sandbox}"
json() { node -pe "JSON.parse(require('fs').readFileSync(0, 'utf8'))$1"; }

TOKEN=$(curl -sS --fail-with-body -X POST "$API/auth/login/" \
  -H 'Content-Type: application/json' \
  -d "{\"username\": \"$USERNAME\", \"password\": \"$PASSWORD\"}" | json .access_token)

# 1. ui.customization: colours as '#' + 3 or 6 hex digits, and the shape of buttons, inputs and cards.
SECRET=$(curl -sS --fail-with-body -X POST "$API/checkout/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d @- <<'JSON' | json .client_secret
{
  "merchant": { "order_reference_1": "ORDER-100061" },
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
    "mode": "embedded",
    "customization": {
      "color_text": "#1c1917",
      "color_brand": "#b45309",
      "color_brand_foreground": "#fff",
      "color_border": "#d6d3d1",
      "color_background": "#fffbeb",
      "shape": "pill"
    }
  }
}
JSON
)

# 2. The session as the embedded checkout receives it (the same call as checkoutSession({ clientSecret })).
curl -sS --fail-with-body "$API/client/embedded" -H "x-client-secret: $SECRET"
