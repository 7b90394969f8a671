/**
 * Spanish texts of the globals page (/es/docs/api/globals) that no OpenAPI document shows: the descriptions of
 * the constants (src/constants.ts), the `when` of the error catalogue (src/errors.ts) and the few enumerations
 * no schema carries. The page takes every other description from SPANISH_TEXTS, so a text is never written
 * twice; the contract test fails when one of these is missing, unused, or also in SPANISH_TEXTS.
 */
export const GLOBALS_TEXTS: Readonly<Record<string, string>> = {
  // Enumerations
  'Article types accepted in requests.': 'Tipos de artículo que se aceptan en las peticiones.',
  'The six notification events sent to `notification_url`.':
    'Los seis eventos de notificación que se envían a `notification_url`.',
  'ISO 3166-1 alpha-3 country code: the 249 officially assigned codes, generated from the npm package iso-3166-1.':
    'Código de país ISO 3166-1 alfa-3: los 249 códigos asignados oficialmente, generados a partir del paquete npm iso-3166-1.',

  // Constants
  'The only currency.': 'La única moneda.',
  'Purchase countries (ISO 3166-1 alpha-3).': 'Países de compra (ISO 3166-1 alfa-3).',
  'Checkout mode when the merchant sets none.': 'Modo de checkout cuando el comercio no indica ninguno.',
  'Captures and refunds are not transactional unless asked.':
    'Las capturas y los reembolsos no son transaccionales salvo que se pida.',
  'Down payment amount when none is given, in cents.':
    'Importe de la entrada cuando no se indica ninguno, en céntimos.',
  'The largest amount accepted, in cents (2^53 - 1).':
    'El mayor importe que se acepta, en céntimos (2^53 - 1).',
  'Range of annual_interest, merchant_fee, interest and percentage setup fees.':
    'Intervalo de annual_interest, merchant_fee, interest y las comisiones de apertura porcentuales.',
  'Default lifetime of an access token (31 days).': 'Duración por defecto de un token de acceso (31 días).',
  'Lifetime of a refresh token (90 days); each is used once.':
    'Duración de un refresh token (90 días); cada uno se usa una sola vez.',
  'A session expires this long after creation unless expires_at says otherwise.':
    'Una sesión caduca este tiempo después de crearse, salvo que expires_at indique otra cosa.',
  'How long an Idempotency-Key and its response are kept.':
    'Cuánto tiempo se guardan una Idempotency-Key y su respuesta.',
  'Longest Idempotency-Key accepted.': 'La Idempotency-Key más larga que se acepta.',
  'Largest request body (413 above).': 'El mayor cuerpo de petición (por encima, 413).',
  'Most lines in a cart, and most order line ids in a refund. Other lists: passengers 50, flight segments 20, payment methods 20, periods 120.':
    'Máximo de líneas de un carrito y de ids de líneas de pedido en un reembolso. Otras listas: 50 pasajeros, 20 tramos de vuelo, 20 métodos de pago, 120 plazos.',
  'Most entries a 400 lists in `schema_errors`; past it, one more entry (keyword `maxErrors`) says how many were left out.':
    'Máximo de entradas que lista un 400 en `schema_errors`; a partir de ahí, una entrada más (keyword `maxErrors`) indica cuántas se han omitido.',
  'Largest error answer, in bytes.': 'La mayor respuesta de error, en bytes.',
  'Largest `original_data` a 400 echoes (as JSON, in bytes). A larger body is echoed as a string: its first part as sent, then a note that says how many bytes were sent.':
    'El mayor `original_data` que devuelve un 400 (como JSON, en bytes). Un cuerpo mayor se devuelve como cadena: su primera parte tal como se envió y una nota que indica cuántos bytes se enviaron.',
  'A notification not answered within this is a failed attempt.':
    'Una notificación sin respuesta en este tiempo es un intento fallido.',
  'Delays before each retry of a failed notification (±10 % jitter), then it is given up.':
    'Esperas antes de cada reintento de una notificación fallida (±10 % de variación aleatoria); después se abandona.',
  'Notifications sent to one notification_url at the same time, at most; the others wait their turn.':
    'Máximo de notificaciones enviadas a la vez a una misma notification_url; las demás esperan su turno.',
  'Notifications sent to one merchant at the same time, all its notification URLs together, at most.':
    'Máximo de notificaciones enviadas a la vez a un mismo comercio, sumando todas sus URLs de notificación.',
  'After a rotation, notifications are signed with the old secret too for this long (sandbox clock).':
    'Después de una rotación, las notificaciones se firman también con el secreto anterior durante este tiempo (reloj del sandbox).',
  'Sandbox: an on-hold payment intent is approved after this long.':
    'Sandbox: una intención de pago en espera se aprueba pasado este tiempo.',
  'Sandbox: an asynchronous capture or refund is approved after this long.':
    'Sandbox: una captura o un reembolso asíncronos se aprueban pasado este tiempo.',
  'Sandbox: share of the cart asked as a down payment when the lender challenges and no amount was set.':
    'Sandbox: parte del carrito que se pide como entrada cuando la entidad financiera responde con un challenge y no se ha fijado ningún importe.',
  'Hosted page logo container, width × height.': 'Contenedor del logo de la página alojada, ancho × alto.',
  'Length range of the documentation password.':
    'Longitud mínima y máxima de la contraseña de la documentación.',
  'The documentation login never answers sooner.':
    'El inicio de sesión de la documentación nunca responde antes.',

  // The error catalogue's `when`
  'The body, path or query fails schema validation; `schema_errors` lists each invalid field.':
    'El cuerpo, la ruta o la query no pasan la validación del esquema; `schema_errors` lista cada campo no válido.',
  "The body cannot be parsed as JSON; `schema_errors` names the body (`/`, keyword `json`) with the parser's reason.":
    'El cuerpo no se puede interpretar como JSON; `schema_errors` señala el cuerpo (`/`, keyword `json`) con el motivo que da el parser.',
  'The request is not valid for a reason the message gives, before its schema is checked: a body nested too deep, an invalid `Idempotency-Key` or `Content-Type` header, a malformed URL. `schema_errors` names the body, the header or the URL.':
    'La petición no es válida por un motivo que indica el mensaje, antes de comprobar su esquema: un cuerpo que anida demasiado, una cabecera `Idempotency-Key` o `Content-Type` no válida, una URL mal formada. `schema_errors` señala el cuerpo, la cabecera o la URL.',
  'No `Authorization: Bearer` header.': 'Falta la cabecera `Authorization: Bearer`.',
  'The bearer token is unknown, revoked or expired: log in again or refresh.':
    'El token bearer es desconocido, está revocado o ha caducado: vuelve a iniciar sesión o renuévalo.',
  'Login with a wrong username or password, or refresh with an unknown or used refresh token (actionCode 1001).':
    'Inicio de sesión con un nombre de usuario o una contraseña incorrectos, o renovación con un refresh token desconocido o ya usado (actionCode 1001).',
  'No such endpoint.': 'No existe ese endpoint.',
  'The path exists but does not take this method; the `Allow` header lists the methods it takes.':
    'La ruta existe pero no admite este método; la cabecera `Allow` lista los métodos que admite.',
  'No checkout session with that id belongs to your merchant.':
    'Ninguna sesión de checkout con ese id pertenece a tu comercio.',
  'No hosted page with that id belongs to your merchant.':
    'Ninguna página alojada con ese id pertenece a tu comercio.',
  'No agent (point of sale) has that id: check the `agentId` given to checkout-js.':
    'Ningún agente (punto de venta) tiene ese id: comprueba el `agentId` que pasas a checkout-js.',
  'No event with that id belongs to your merchant.': 'Ningún evento con ese id pertenece a tu comercio.',
  'No integration check run with that id belongs to your merchant.':
    'Ninguna comprobación de la integración con ese id pertenece a tu comercio.',
  'Answers were reported for an integration check run that is done, or whose notifications the sandbox sends itself.':
    'Se informó de respuestas para una comprobación de la integración que ya terminó, o cuyas notificaciones envía el propio sandbox.',
  '`cart.total_price_with_tax` is not the sum of the items `total_price_with_tax`.':
    '`cart.total_price_with_tax` no es la suma de los `total_price_with_tax` de los artículos.',
  'The session status does not allow the operation (e.g. update after capture, cancel after capture, capture before confirmation).':
    'El estado de la sesión no permite la operación (por ejemplo, modificar o cancelar después de la captura, o capturar antes de la confirmación).',
  'Every order line of the session has already been captured.':
    'Todas las líneas del pedido de la sesión ya se han capturado.',
  'An order line in `refunded_item_ids` was refunded before.':
    'Una línea del pedido de `refunded_item_ids` ya se había reembolsado.',
  'A refund names an order line that was never captured, or nothing was captured yet.':
    'Un reembolso indica una línea del pedido que nunca se capturó, o aún no se ha capturado nada.',
  '`refunded_amount` is above the captured total minus what was refunded.':
    '`refunded_amount` supera el total capturado menos lo ya reembolsado.',
  'A retry arrived while the first request with the same key is still running: retry later.':
    'Ha llegado un reintento mientras la primera petición con la misma clave sigue en curso: reintenta más tarde.',
  'A transactional capture or refund was rejected by the lender; nothing changed.':
    'La entidad financiera ha rechazado una captura o un reembolso transaccionales; no ha cambiado nada.',
  'Bodies are limited to 1 MiB.': 'Los cuerpos están limitados a 1 MiB.',
  'The body is not JSON.': 'El cuerpo no es JSON.',
  'The same Idempotency-Key was sent with another body, method or path within 24 h (bodies are compared as parsed JSON: key order and spacing do not count).':
    'Se ha enviado la misma Idempotency-Key con otro cuerpo, otro método u otra ruta en menos de 24 h (los cuerpos se comparan interpretados como JSON: el orden de las claves y los espacios no cuentan).',
  'Too many requests from one client.': 'Demasiadas peticiones de un mismo cliente.',
  'An internal error. The response has no body; the cause is logged with the request id.':
    'Un error interno. La respuesta no tiene cuerpo; la causa queda registrada con el id de la petición.',
}
