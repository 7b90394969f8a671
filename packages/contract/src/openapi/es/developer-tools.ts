/** The sandbox's developer tools: the event stream and the request log (`plazo listen`, `plazo logs tail`). */
export const DEVELOPER_TOOL_TEXTS: Readonly<Record<string, string>> = {
  'Read your latest API calls': 'Consultar tus últimas llamadas a la API',
  'Sandbox only: the calls made with your token in the last 24 hours (at most 10 000), newest first, with method, path, status, duration, request id, `Idempotency-Key` and the request and response bodies (the sandbox holds no real personal data). Never another merchant\u2019s calls. Filter by `status` (`4xx`, `404`) and by `path`. This is what `plazo logs tail` reads.':
    'Solo en el sandbox: las llamadas hechas con tu token en las últimas 24 horas (como mucho 10 000), de la más reciente a la más antigua, con método, ruta, estado, duración, id de la petición, `Idempotency-Key` y los cuerpos de la petición y de la respuesta (el sandbox no guarda datos personales reales). Nunca verás las llamadas de otro comercio. Filtra por `status` (`4xx`, `404`) y por `path`. Es lo que lee `plazo logs tail`.',
  'Only calls answered with this status (`404`) or class (`4xx`).':
    'Solo las llamadas respondidas con este estado (`404`) o esta clase (`4xx`).',
  'Only calls whose path starts with this, with or without `/api/v2` (`/checkout`).':
    'Solo las llamadas cuya ruta empieza así, con o sin `/api/v2` (`/checkout`).',
  'At most this many calls (default 100).': 'Como mucho, este número de llamadas (100 por defecto).',
  'The calls, newest first.': 'Las llamadas, de la más reciente a la más antigua.',
  'A refused refund': 'Un reembolso rechazado',
  'Not a status': 'No es un estado',
  'Your latest calls to the sandbox.': 'Tus últimas llamadas al sandbox.',
  'The call\u2019s `x-request-id` (yours when you sent a valid one).':
    'El `x-request-id` de la llamada (el tuyo si enviaste uno válido).',
  'When the answer was sent (real time).': 'Cuándo se envió la respuesta (hora real).',
  'HTTP method.': 'Método HTTP.',
  'The path called, without the query string.': 'La ruta llamada, sin la query string.',
  'The HTTP status answered.': 'El estado HTTP de la respuesta.',
  'How long the API took to answer, in ms.': 'Cuánto tardó la API en responder, en ms.',
  'The `Idempotency-Key` header sent, if any.': 'La cabecera `Idempotency-Key` enviada, si la hubo.',
  'The request body (JSON, else its text); null when there was none. Cut at 64 KiB.':
    'El cuerpo de la petición (JSON o, si no lo es, su texto); null si no había. Se corta a los 64 KiB.',
  'The response body (JSON, else its text); null when there was none. Cut at 64 KiB.':
    'El cuerpo de la respuesta (JSON o, si no lo es, su texto); null si no había. Se corta a los 64 KiB.',
  'One call to the API made with your token.': 'Una llamada a la API hecha con tu token.',
  'Stream your events as they happen': 'Recibir tus eventos en cuanto ocurren',
  'Sandbox only: a server-sent events stream of every event of your sessions, within a second of being written, whether or not the session has a `notification_url`, and again each time you redeliver one (`redelivery: true`). No public URL is needed: this is what `plazo listen` reads to forward notifications to your localhost. The stream starts with the events written from now on; send the `Last-Event-ID` header with the `id` of the last message you handled to go on from there after a disconnection (an `EventSource` does it for you). On PostgreSQL every API node serves the events written through any other.':
    'Solo en el sandbox: un flujo de server-sent events con cada evento de tus sesiones, menos de un segundo después de escribirse, tenga o no la sesión una `notification_url`, y otra vez cada vez que reenvíes uno (`redelivery: true`). No necesitas una URL pública: es lo que lee `plazo listen` para reenviar las notificaciones a tu localhost. El flujo empieza con los eventos escritos a partir de ahora; tras una desconexión, envía la cabecera `Last-Event-ID` con el `id` del último mensaje que procesaste para seguir desde ahí (un `EventSource` lo hace por ti). Con PostgreSQL, cada nodo de la API sirve también los eventos escritos a través de cualquier otro.',
  'The stream; it stays open until you close it or `timeout` passes.':
    'El flujo; sigue abierto hasta que lo cierres o pase `timeout`.',
  'Close the stream after this many seconds (for a script: `curl` then prints what arrived). Without it, the stream stays open until you close it.':
    'Cierra el flujo pasados estos segundos (útil en un script: `curl` muestra entonces lo que haya llegado). Sin él, el flujo sigue abierto hasta que lo cierres.',
  'Timeout too long': 'Timeout demasiado largo',
  'A ready event, then one event': 'Un evento ready y después un evento',
  'Server-sent events (`text/event-stream`). First a `ready` event whose `id` is where the stream starts; then one `message` per event, its `id` the cursor to resume from (`Last-Event-ID`) and its `data` an EventStreamMessage in JSON: `event_id`, `type`, `checkout_session_id`, `redelivery` (true when the event is sent again), `created_at` and `payload`, the notification body exactly as it is POSTed to `notification_url`. A comment line every 15 seconds keeps proxies from closing the connection.':
    'Server-sent events (`text/event-stream`). Primero, un evento `ready` cuyo `id` indica dónde empieza el flujo; después, un `message` por evento, con su `id` como cursor desde el que retomar (`Last-Event-ID`) y su `data`, un EventStreamMessage en JSON: `event_id`, `type`, `checkout_session_id`, `redelivery` (true cuando el evento se reenvía), `created_at` y `payload`, el cuerpo de la notificación tal cual se envía por POST a `notification_url`. Cada 15 segundos llega una línea de comentario para que los proxies no cierren la conexión.',
  'List your latest events': 'Listar tus últimos eventos',
  'Sandbox only: your latest events of every session, newest first, with their delivery status (`plazo events list`). For one session\u2019s events with every try, use `GET /webhooks/events?checkout_session_id=…`.':
    'Solo en el sandbox: tus últimos eventos de todas las sesiones, del más reciente al más antiguo, con su estado de entrega (`plazo events list`). Para los eventos de una sesión con cada intento, usa `GET /webhooks/events?checkout_session_id=…`.',
  '`newest` (the default): newest first. `failing_first`: the events given up (`failed`) first, then those still being retried (`pending` after a failed try), then the others; newest first within each.':
    '`newest` (por defecto): los más recientes primero. `failing_first`: primero los eventos abandonados (`failed`), después los que aún se reintentan (`pending` tras un intento fallido) y luego los demás; dentro de cada grupo, los más recientes primero.',
  'At most this many events (default 50).': 'Como mucho, este número de eventos (50 por defecto).',
  'The events, newest first.': 'Los eventos, del más reciente al más antiguo.',
  'One event': 'Un evento',
  'Limit too high': 'Límite demasiado alto',
  'Tries made so far, redeliveries included.': 'Intentos hechos hasta ahora, reenvíos incluidos.',
  'An event and its delivery status, without its body and tries.':
    'Un evento y su estado de entrega, sin su cuerpo ni sus intentos.',
  'Your latest events, of every session.': 'Tus últimos eventos, de todas las sesiones.',
  'Stable id of the event (the `webhook-id` of its notification).':
    'Id estable del evento (el `webhook-id` de su notificación).',
  'The session the event belongs to.': 'La sesión a la que pertenece el evento.',
}
