# expect: WebhookSecretResponseSchema
# Read the secret that signs your notifications; your receiver verifies every notification with it.
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

curl -sS --fail-with-body "$API/webhooks/secret/" \
  -H "Authorization: Bearer $TOKEN"
