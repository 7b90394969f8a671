import { BRAND } from '../../brand.ts'

/** Spanish texts of the documents themselves (src/openapi/documents.ts): titles, introductions, tags, shared parameters and headers. */
export const DOCUMENT_TEXTS: Readonly<Record<string, string>> = {
  [`${BRAND} Checkout Session API — embedded`]: `API de sesiones de checkout de ${BRAND}: checkout integrado`,
  'Create checkout sessions whose checkout runs inside your site: your server creates the session and receives a `client_secret`; your front end mounts the checkout with checkout-js. For merchants who collect the customer data themselves, the payment intent call creates the session and asks the lender at once.':
    'Crea sesiones de checkout cuyo checkout se ejecuta dentro de tu web: tu servidor crea la sesión y recibe un `client_secret`; tu frontend monta el checkout con checkout-js. Si eres un comercio que recoge los datos del cliente por su cuenta, la llamada de intención de pago crea la sesión y consulta a la entidad financiera en el mismo paso.',
  'All amounts are integer cents (7900 is 79.00 EUR), in EUR; purchase countries are ESP and FRA.':
    'Todos los importes son céntimos enteros (7900 son 79,00 EUR), en EUR; los países de compra son ESP y FRA.',
  "**Authentication.** Log in with `POST /auth/login/` and send `Authorization: Bearer <access_token>` on every other call from your server. Calls tagged *browser* or *public* are made from the customer's browser and never take your token: each says what it takes instead.":
    '**Autenticación.** Inicia sesión con `POST /auth/login/` y envía `Authorization: Bearer <access_token>` en todas las demás llamadas desde tu servidor. Las llamadas etiquetadas como *navegador* o *público* se hacen desde el navegador del cliente y nunca llevan tu token: cada una indica qué lleva en su lugar.',
  '**Trailing slash.** Paths are shown without their trailing slash; every path also works with it (`/checkout/` and `/checkout` are the same call).':
    '**Barra final.** Las rutas se muestran sin la barra final; todas funcionan también con ella (`/checkout/` y `/checkout` son la misma llamada).',
  [`${BRAND} developer support`]: `Soporte para desarrolladores de ${BRAND}`,
  Proprietary: 'Propietaria',
  Production: 'Producción',
  Staging: 'Staging',
  'Local sandbox (`npm start`)': 'Sandbox local (`npm start`)',
  'Log in and refresh tokens.': 'Inicia sesión y renueva los tokens.',
  'Create and read checkout sessions.': 'Crea y consulta sesiones de checkout.',
  'Called from the browser (checkout-js widgets) with your agent id only: no token, CORS open to any origin.':
    'Se llaman desde el navegador (widgets de checkout-js) solo con tu id de agente: sin token y con CORS abierto a cualquier origen.',
  'Only in the sandbox: play the customer and the lender, move the clock, and read the messages not sent.':
    'Solo en el sandbox: haz de cliente y de entidad financiera, adelanta el reloj y lee los mensajes que no se envían.',
  'Id of the checkout session.': 'Id de la sesión de checkout.',
  'Your agent (point of sale) id: public, given to checkout-js `init({ agentId })`.':
    'El id de tu agente (punto de venta): es público y se pasa a `init({ agentId })` de checkout-js.',
  'The `access_token` from `POST /auth/login/`.': 'El `access_token` que devuelve `POST /auth/login/`.',
  'The `client_secret` of the embedded session (`POST /checkout` answers it), sent by the customer’s browser. It opens that one session as the customer sees it, and nothing else: pass it to the front end, keep it out of URLs and logs, and never send your bearer token from a browser.':
    'El `client_secret` de la sesión integrada (lo devuelve `POST /checkout`), que envía el navegador del cliente. Abre esa sesión, y solo esa, tal como la ve el cliente: pásalo al frontend, no lo pongas en URLs ni en logs y nunca envíes tu token bearer desde un navegador.',
  'Identifies the request in our logs; quote it to support.':
    'Identifica la petición en nuestros logs; indícalo cuando contactes con soporte.',
  'Always `*`: any page may call it from the browser, without cookies. The OPTIONS preflight answers 204 and allows `content-type`, `x-client-secret` and `x-request-id`.':
    'Siempre `*`: cualquier página puede llamarla desde el navegador, sin cookies. La petición previa OPTIONS responde 204 y admite `content-type`, `x-client-secret` y `x-request-id`.',
  [`${BRAND} Checkout Session API — hosted payment page`]: `API de sesiones de checkout de ${BRAND}: página de pago alojada`,
  'Create checkout sessions paid on the hosted payment page: redirect the customer to `redirect_url`, show the QR code, or send the link by e-mail or SMS. The customer returns to your `success_url` or `cancel_url` with `order_reference` and `checkout_session_id` in the query.':
    'Crea sesiones de checkout que se pagan en la página de pago alojada: redirige al cliente a `redirect_url`, muestra el código QR o envía el enlace por e-mail o SMS. El cliente vuelve a tu `success_url` o `cancel_url` con `order_reference` y `checkout_session_id` en la query.',
  'Distribute the hosted payment page.': 'Distribuye la página de pago alojada.',
  'Id of the hosted payment page (`payload.hpp.id`).': 'Id de la página de pago alojada (`payload.hpp.id`).',
  [`${BRAND} Order Management API`]: `API de gestión de pedidos de ${BRAND}`,
  'Manage orders after the payment: update, cancel, confirm (delegated mode), capture and refund. The session must be confirmed before capture; each order line is captured once; a refund requires a prior capture; update is possible until capture, cancel or expiry; cancel only before capture and it cannot be undone (after capture, refund in full).':
    'Gestiona los pedidos después del pago: modifica, cancela, confirma (modo delegado), captura y reembolsa. La sesión debe estar confirmada antes de capturarla; cada línea del pedido se captura una sola vez; un reembolso requiere una captura previa; puedes modificar el pedido hasta que se capture, se cancele o caduque; solo puedes cancelarlo antes de la captura y no se puede deshacer (después de la captura, reembólsalo por completo).',
  'Update, cancel, confirm, capture and refund orders.':
    'Modifica, cancela, confirma, captura y reembolsa pedidos.',
  [`${BRAND} Webhook notifications`]: `Notificaciones webhook de ${BRAND}`,
  [`${BRAND} sends a POST with a JSON body to your \`notification_url\` for six events (below, under Webhooks). The session's \`merchant.notification_url\` is used, else your merchant's; with neither, the event is marked \`failed\` with \`last_error: "no notification_url"\` and is not sent (set a URL, then redeliver it).`]: `${BRAND} envía un POST con un cuerpo JSON a tu \`notification_url\` para seis eventos (más abajo, en Webhooks). Se usa el \`merchant.notification_url\` de la sesión o, si no lo tiene, el de tu comercio; si no hay ninguno, el evento se marca como \`failed\` con \`last_error: "no notification_url"\` y no se envía (configura una URL y vuelve a entregarlo).`,
  "**Acknowledge** with any 2XX status within 15 seconds: the status line decides as soon as it arrives, and the body of your answer is not waited for. Anything else (3XX redirects are not followed, 4XX, 5XX), a timeout or a refused connection is a failed try, retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (each ±10 %), then given up (`failed`). At most 8 notifications are in flight to one notification URL at a time, and 16 to you (all URLs together); the others wait their turn, so a slow endpoint delays only the notifications that go to it, and a try may start somewhat after its scheduled time. Delivery is **at least once**: deduplicate on `event_id`, which is the same on every try and on redeliveries. **Order**: a session's notifications are sent one at a time, in the order they happened; the next one goes once the previous one is acknowledged or given up (`failed`). Process them in arrival order, not by `triggered_at` (the notifications of one change share it); a redelivered one comes out of turn.":
    '**Confirma la recepción** con cualquier estado 2XX en menos de 15 segundos: la línea de estado decide en cuanto llega, y no se espera al cuerpo de tu respuesta. Cualquier otra cosa (las redirecciones 3XX no se siguen, 4XX, 5XX), un timeout o una conexión rechazada es un intento fallido, que se reintenta a los 5 s, 5 min, 30 min, 2 h, 5 h, 10 h y 10 h (cada uno ±10 %) y después se abandona (`failed`). Como mucho hay 8 notificaciones en curso a la vez hacia una misma URL de notificación, y 16 hacia ti (sumando todas las URL); las demás esperan su turno, así que un endpoint lento solo retrasa las notificaciones que van a él, y un intento puede empezar algo después de su hora prevista. La entrega es **al menos una vez**: elimina duplicados por `event_id`, que es el mismo en cada intento y en las reentregas. **Orden**: las notificaciones de una sesión se envían de una en una, en el orden en que ocurrieron; la siguiente sale cuando la anterior se ha confirmado o abandonado (`failed`). Procésalas en el orden de llegada, no por `triggered_at` (las notificaciones de un mismo cambio lo comparten); una notificación reentregada llega fuera de turno.',
  '**Headers** of every notification:': '**Cabeceras** de cada notificación:',
  [`| header | value |
|---|---|
| \`content-type\` | \`application/json\` (or the \`content_type\` of your static-header \`notification_auth\`) |
| \`user-agent\` | \`${BRAND}-Webhooks/1.0\` |
| \`webhook-id\` | the \`event_id\` |
| \`webhook-timestamp\` | Unix seconds of this try |
| \`webhook-signature\` | \`v1,<base64 HMAC-SHA256>\` |
| \`authorization\` | as your \`notification_auth\` asks (below) |`]: `| cabecera | valor |
|---|---|
| \`content-type\` | \`application/json\` (o el \`content_type\` de tu \`notification_auth\` de cabecera estática) |
| \`user-agent\` | \`${BRAND}-Webhooks/1.0\` |
| \`webhook-id\` | el \`event_id\` |
| \`webhook-timestamp\` | segundos Unix de este intento |
| \`webhook-signature\` | \`v1,<base64 HMAC-SHA256>\` |
| \`authorization\` | la que pida tu \`notification_auth\` (más abajo) |`,
  '**Verify the signature** ([Standard Webhooks](https://www.standardwebhooks.com/)): the signed content is `<webhook-id>.<webhook-timestamp>.<raw body>`, the key is your secret without its `whsec_` prefix, base64-decoded (`GET /webhooks/secret`); compare in constant time with each space-separated `v1,` signature and reject timestamps more than 5 minutes from now. With a library: `new Webhook(secret).verify(rawBody, headers)` (npm `standardwebhooks`, and the same in Python, Go, Java, PHP, Ruby…). Verify the raw body, before any JSON parsing.':
    '**Verifica la firma** ([Standard Webhooks](https://www.standardwebhooks.com/)): el contenido firmado es `<webhook-id>.<webhook-timestamp>.<raw body>` y la clave es tu secreto sin el prefijo `whsec_`, decodificado de base64 (`GET /webhooks/secret`); compara en tiempo constante con cada firma `v1,` separada por espacios y rechaza las marcas de tiempo que se alejen más de 5 minutos de la hora actual. Con una librería: `new Webhook(secret).verify(rawBody, headers)` (en npm `standardwebhooks`, y lo mismo en Python, Go, Java, PHP, Ruby…). Verifica el cuerpo en bruto, antes de parsear el JSON.',
  [`**Authentication** (\`merchant.notification_auth\` of the session):
- static header \`{authorization_header, content_type}\`: sent as \`Authorization\` and \`Content-Type\`;
- OAuth2 password grant \`{url, client_id, client_secret, username, password}\`: ${BRAND} POSTs \`grant_type=password\`, \`username\`, \`password\`, \`client_id\`, \`client_secret\` (form-encoded) to \`url\`, caches the \`access_token\` for \`expires_in\` seconds and sends \`Authorization: Bearer <token>\`; when your endpoint answers 401 it fetches a new token and retries once in the same try;
- certificate \`{authorization_cert: true}\`: the notification goes over HTTPS presenting the ${BRAND} client certificate; download its CA (\`GET /webhooks/certificates/ca.pem\`) and require it on your server.`]: `**Autenticación** (\`merchant.notification_auth\` de la sesión):
- cabecera estática \`{authorization_header, content_type}\`: se envían como \`Authorization\` y \`Content-Type\`;
- OAuth2 con password grant \`{url, client_id, client_secret, username, password}\`: ${BRAND} hace un POST de \`grant_type=password\`, \`username\`, \`password\`, \`client_id\` y \`client_secret\` (form-encoded) a \`url\`, guarda en caché el \`access_token\` durante \`expires_in\` segundos y envía \`Authorization: Bearer <token>\`; cuando tu endpoint responde 401, obtiene un token nuevo y reintenta una vez dentro del mismo intento;
- certificado \`{authorization_cert: true}\`: la notificación va por HTTPS presentando el certificado de cliente de ${BRAND}; descarga su CA (\`GET /webhooks/certificates/ca.pem\`) y exígelo en tu servidor.`,
  "**Troubleshoot** with `GET /webhooks/events?checkout_session_id=…` (every try with status code, duration and error) and `POST /webhooks/events/{event_id}/redeliver`; correct a session's URL with `PUT /webhooks/sessions/{checkout_session_id}/notification-url`, also once the order is finished.":
    '**Diagnostica problemas** con `GET /webhooks/events?checkout_session_id=…` (cada intento con su código de estado, duración y error) y `POST /webhooks/events/{event_id}/redeliver`; corrige la URL de una sesión con `PUT /webhooks/sessions/{checkout_session_id}/notification-url`, también cuando el pedido ya ha terminado.',
  'The delivery log of your notifications, redelivery, the signing secret and the client certificate.':
    'El registro de entregas de tus notificaciones, la reentrega, el secreto de firma y el certificado de cliente.',
  'Events sent to your notification_url.': 'Eventos que se envían a tu notification_url.',
  'The `event_id` of the notification (its `webhook-id` header).':
    'El `event_id` de la notificación (su cabecera `webhook-id`).',
  'The `event_id`: the same on every try. Deduplicate on it.':
    'El `event_id`: es el mismo en cada intento. Elimina duplicados por él.',
  'Unix time (seconds) of this try. Reject values more than 5 minutes from your clock.':
    'Hora Unix (en segundos) de este intento. Rechaza los valores que se alejen más de 5 minutos de tu reloj.',
  'Space-separated `v1,<base64>` signatures: HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` with your secret (base64-decoded, without `whsec_`).':
    'Firmas `v1,<base64>` separadas por espacios: HMAC-SHA256 de `<webhook-id>.<webhook-timestamp>.<raw body>` con tu secreto (decodificado de base64, sin `whsec_`).',
  [`\`${BRAND}-Webhooks/1.0\`.`]: `\`${BRAND}-Webhooks/1.0\`.`,
  'Your static `authorization_header`, or `Bearer <access_token>` for the OAuth2 password grant. Absent with the certificate form or without `notification_auth`.':
    'Tu `authorization_header` estático, o `Bearer <access_token>` con el password grant de OAuth2. No se envía con la forma de certificado ni sin `notification_auth`.',
  'Any 2XX acknowledges the notification.': 'Cualquier 2XX confirma la recepción de la notificación.',
  'Any other status, a timeout (15 s) or a refused connection is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (±10 %), then given up.':
    'Cualquier otro estado, un timeout (15 s) o una conexión rechazada se reintenta a los 5 s, 5 min, 30 min, 2 h, 5 h, 10 h y 10 h (±10 %) y después se abandona.',
}

/** The tags' Spanish display names (Redoc's `x-displayName`); the English names stay the anchors. */
export const TAG_NAMES: Readonly<Record<string, string>> = {
  Authentication: 'Autenticación',
  'Checkout sessions': 'Sesiones de checkout',
  'Hosted payment page': 'Página de pago alojada',
  'Order management': 'Gestión de pedidos',
  'Sandbox test helpers': 'Utilidades de prueba del sandbox',
  Notifications: 'Notificaciones',
  'Client (public)': 'Cliente (público)',
  'Webhook management': 'Gestión de webhooks',
  'Hosted page client (browser)': 'Cliente de la página alojada (navegador)',
  'Embedded checkout client (browser)': 'Cliente del checkout integrado (navegador)',
}
