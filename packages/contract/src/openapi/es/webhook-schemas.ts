/** Spanish texts of the webhook and webhook management schemas (src/webhooks.ts, src/webhook-management.ts). */
export const WEBHOOK_SCHEMA_TEXTS: Readonly<Record<string, string>> = {
  'A PEM-encoded X.509 certificate.': 'Un certificado X.509 codificado en PEM.',
  'The checkout session changed status. Delivered as a POST with a JSON body; answer 2XX to acknowledge. Headers: `webhook-id`, `webhook-timestamp`, `webhook-signature` (Standard Webhooks).':
    'La sesión de checkout ha cambiado de estado. Se entrega como un POST con un cuerpo JSON; responde 2XX para confirmar la recepción. Cabeceras: `webhook-id`, `webhook-timestamp`, `webhook-signature` (Standard Webhooks).',
  'A payment intent changed status; `status` is the intent status and `selected_payment_intent` the intent. Delivered as a POST with a JSON body; answer 2XX to acknowledge. Headers: `webhook-id`, `webhook-timestamp`, `webhook-signature` (Standard Webhooks).':
    'Una intención de pago ha cambiado de estado; `status` es el estado de la intención y `selected_payment_intent`, la intención. Se entrega como un POST con un cuerpo JSON; responde 2XX para confirmar la recepción. Cabeceras: `webhook-id`, `webhook-timestamp`, `webhook-signature` (Standard Webhooks).',
  'The down payment collected by the child session changed status. Delivered as a POST with a JSON body; answer 2XX to acknowledge. Headers: `webhook-id`, `webhook-timestamp`, `webhook-signature` (Standard Webhooks).':
    'La entrada que cobra la sesión hija ha cambiado de estado. Se entrega como un POST con un cuerpo JSON; responde 2XX para confirmar la recepción. Cabeceras: `webhook-id`, `webhook-timestamp`, `webhook-signature` (Standard Webhooks).',
  'The loan conditions of the selected payment intent changed: after a down payment is paid, or when an update lowers the total of a confirmed order. Delivered as a POST with a JSON body; answer 2XX to acknowledge. Headers: `webhook-id`, `webhook-timestamp`, `webhook-signature` (Standard Webhooks).':
    'Las condiciones del préstamo de la intención de pago seleccionada han cambiado: después de pagarse una entrada, o cuando una modificación baja el total de un pedido confirmado. Se entrega como un POST con un cuerpo JSON; responde 2XX para confirmar la recepción. Cabeceras: `webhook-id`, `webhook-timestamp`, `webhook-signature` (Standard Webhooks).',
  'A capture was approved by the lender. Delivered as a POST with a JSON body; answer 2XX to acknowledge. Headers: `webhook-id`, `webhook-timestamp`, `webhook-signature` (Standard Webhooks).':
    'La entidad financiera ha aprobado una captura. Se entrega como un POST con un cuerpo JSON; responde 2XX para confirmar la recepción. Cabeceras: `webhook-id`, `webhook-timestamp`, `webhook-signature` (Standard Webhooks).',
  'A refund was approved by the lender. Delivered as a POST with a JSON body; answer 2XX to acknowledge. Headers: `webhook-id`, `webhook-timestamp`, `webhook-signature` (Standard Webhooks).':
    'La entidad financiera ha aprobado un reembolso. Se entrega como un POST con un cuerpo JSON; responde 2XX para confirmar la recepción. Cabeceras: `webhook-id`, `webhook-timestamp`, `webhook-signature` (Standard Webhooks).',
  'The events of the session, oldest first.': 'Los eventos de la sesión, del más antiguo al más reciente.',
  'The checkout session id.': 'El id de la sesión de checkout.',
  'The events of a checkout session.': 'Los eventos de una sesión de checkout.',
  'Stable id of the event (the `webhook-id` header).': 'Id estable del evento (la cabecera `webhook-id`).',
  'The event type (`event` in the payload).': 'El tipo de evento (`event` en el payload).',
  'The first 2 KB of the body your endpoint answered with (UTF-8), to see why it refused the notification; null for a `2XX`, whose body is not read, and when there was no answer.':
    'Los primeros 2 KB del cuerpo con el que respondió tu endpoint (UTF-8), para ver por qué rechazó la notificación; null para un `2XX`, cuyo cuerpo no se lee, y cuando no hubo respuesta.',
  '`pending`: waiting for its next try; `delivered`: a try got a 2XX answer; `failed`: given up after the last scheduled retry, or there was no `notification_url` (redeliver it once fixed).':
    '`pending`: espera su siguiente intento; `delivered`: un intento ha recibido una respuesta 2XX; `failed`: se ha abandonado después del último reintento previsto, o no había `notification_url` (vuelve a entregarlo cuando lo corrijas).',
  'When the status change that triggered it was written.':
    'Cuándo se registró el cambio de estado que lo generó.',
  'The earliest time a `pending` event is tried next; null once delivered or failed, and while it waits for an earlier pending event of its session (a session’s events go out in order): it gets a time when that one is delivered or given up. It may also wait until its endpoint and its merchant have room (at most `WEBHOOK_ENDPOINT_CONCURRENCY` in flight to one URL, `WEBHOOK_MERCHANT_CONCURRENCY` to one merchant).':
    'La hora más temprana a la que se volverá a intentar un evento `pending`; null cuando ya se ha entregado o ha fallado, y mientras espera a un evento pendiente anterior de su sesión (los eventos de una sesión salen en orden): recibe una hora cuando ese otro se entrega o se abandona. También puede esperar a que su endpoint y su comercio tengan hueco (como mucho `WEBHOOK_ENDPOINT_CONCURRENCY` en curso hacia una URL y `WEBHOOK_MERCHANT_CONCURRENCY` hacia un comercio).',
  'When your endpoint first acknowledged it (2XX); null until then. A later redelivery keeps it, whether that try succeeds or fails.':
    'Cuándo lo confirmó tu endpoint por primera vez (2XX); null hasta entonces. Una reentrega posterior lo conserva, tanto si ese intento sale bien como si falla.',
  'The error of the last failed try.': 'El error del último intento fallido.',
  'The notification body, exactly as POSTed to your endpoint.':
    'El cuerpo de la notificación, exactamente como se envió por POST a tu endpoint.',
  'Every try, oldest first.': 'Todos los intentos, del más antiguo al más reciente.',
  'An event with its delivery log.': 'Un evento con su registro de entregas.',
  'Stable id of the event: the same on every delivery attempt. Deduplicate on it.':
    'Id estable del evento: es el mismo en cada intento de entrega. Elimina duplicados por él.',
  'Your `notification_additional_payload`, as sent when the session was created (may hold a cart value).':
    'Tu `notification_additional_payload`, tal como se envió al crear la sesión (puede contener un valor del carrito).',
  'The checkout session changed status. Delivered as a POST with a JSON body; answer 2XX to acknowledge.':
    'La sesión de checkout ha cambiado de estado. Se entrega como un POST con un cuerpo JSON; responde 2XX para confirmar la recepción.',
  'A payment intent changed status; `status` is the intent status and `selected_payment_intent` the intent. Delivered as a POST with a JSON body; answer 2XX to acknowledge.':
    'Una intención de pago ha cambiado de estado; `status` es el estado de la intención y `selected_payment_intent`, la intención. Se entrega como un POST con un cuerpo JSON; responde 2XX para confirmar la recepción.',
  'The down payment collected by the child session changed status. Delivered as a POST with a JSON body; answer 2XX to acknowledge.':
    'La entrada que cobra la sesión hija ha cambiado de estado. Se entrega como un POST con un cuerpo JSON; responde 2XX para confirmar la recepción.',
  'The child session that collects the down payment.': 'La sesión hija que cobra la entrada.',
  'The down payment amount.': 'El importe de la entrada.',
  'The loan conditions of the selected payment intent changed: after a down payment is paid, or when an update lowers the total of a confirmed order. Delivered as a POST with a JSON body; answer 2XX to acknowledge.':
    'Las condiciones del préstamo de la intención de pago seleccionada han cambiado: después de pagarse una entrada, o cuando una modificación baja el total de un pedido confirmado. Se entrega como un POST con un cuerpo JSON; responde 2XX para confirmar la recepción.',
  'A capture was approved by the lender. Delivered as a POST with a JSON body; answer 2XX to acknowledge.':
    'La entidad financiera ha aprobado una captura. Se entrega como un POST con un cuerpo JSON; responde 2XX para confirmar la recepción.',
  'A refund was approved by the lender. Delivered as a POST with a JSON body; answer 2XX to acknowledge.':
    'La entidad financiera ha aprobado un reembolso. Se entrega como un POST con un cuerpo JSON; responde 2XX para confirmar la recepción.',
  'When the try started (real time, UTC).': 'Cuándo empezó el intento (hora real, UTC).',
  'HTTP status your endpoint answered; null when there was no answer.':
    'Estado HTTP que respondió tu endpoint; null si no hubo respuesta.',
  'How long the try took, in milliseconds.': 'Cuánto duró el intento, en milisegundos.',
  'One delivery try.': 'Un intento de entrega.',
  'The event id.': 'El id del evento.',
  'One event.': 'Un evento.',
  'Where the notifications of this session go from now on, an absolute http or https URL: it replaces the session’s `merchant.notification_url`.':
    'Adónde van a partir de ahora las notificaciones de esta sesión, una URL http o https absoluta: sustituye al `merchant.notification_url` de la sesión.',
  'The corrected notification URL of a checkout session.':
    'La URL de notificación corregida de una sesión de checkout.',
  'Your merchant id.': 'El id de tu comercio.',
  'Your webhook signing secret.': 'Tu secreto de firma de webhooks.',
  'The signing secret: `whsec_` followed by the base64 key. Pass it whole to a Standard Webhooks library.':
    'El secreto de firma: `whsec_` seguido de la clave en base64. Pásalo entero a una librería de Standard Webhooks.',
  'When this secret was made.': 'Cuándo se creó este secreto.',
  'The key that signs your notifications.': 'La clave que firma tus notificaciones.',
}
