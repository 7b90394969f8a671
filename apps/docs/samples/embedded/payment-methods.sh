# expect: ClientSessionSchema
# Offers two payment methods with their own options in an embedded session, then reads the session as the
# customer's checkout does (with the client secret) to show the loan conditions of every term.
set -euo pipefail
API="${PLAZO_API_URL:-http://localhost:4000/api/v2}"
USERNAME="${PLAZO_USERNAME:-demo@plazo.test}"
PASSWORD="${PLAZO_PASSWORD:-plazo-sandbox}"
json() { node -pe "JSON.parse(require('fs').readFileSync(0, 'utf8'))$1"; }

TOKEN=$(curl -sS --fail-with-body -X POST "$API/auth/login/" \
  -H 'Content-Type: application/json' \
  -d "{\"username\": \"$USERNAME\", \"password\": \"$PASSWORD\"}" | json .access_token)

# 1. Your server creates the session with the methods to offer, in the order the checkout shows them.
#    Options left out (here, everything but periods for BNPL) come from your agent's pricing of that type.
SECRET=$(curl -sS --fail-with-body -X POST "$API/checkout/" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' \
  -d @- <<'JSON' | json .client_secret
{
  "merchant": { "order_reference_1": "ORDER-100052" },
  "cart": {
    "total_price_with_tax": 129900,
    "currency": "EUR",
    "items": [
      {
        "article": {
          "type": "product",
          "category": "physical",
          "name": "Road bike",
          "reference": "8412345678912",
          "unit_price_with_tax": 129900
        },
        "units": 1,
        "total_discount": 0,
        "total_price_with_tax": 129900
      }
    ]
  },
  "payment_methods": [
    { "type": "bnpl_instalments", "options": { "periods": [3, 6] } },
    {
      "type": "consumer_loan_instalments",
      "options": {
        "periods": [12, 24, 36],
        "annual_interest": 0.0799,
        "setup_fee": { "payment_type": "type_upfront", "fee_type": "fix_amount", "amount": 15.5 },
        "max_grace_period": 3,
        "merchant_fee": 0.02
      }
    }
  ],
  "ui": { "mode": "embedded" }
}
JSON
)

# 2. What the embedded checkout shows the customer: each method with one offer per term (instalments,
#    interest, APR, total cost, schedule). checkout-js's checkoutSession({ clientSecret }) makes this call.
curl -sS --fail-with-body "$API/client/embedded" -H "x-client-secret: $SECRET"
