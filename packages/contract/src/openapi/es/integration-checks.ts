/** The integration check: its three calls and their schemas (`plazo check`, `run_integration_check`). */
export const INTEGRATION_CHECK_TEXTS: Readonly<Record<string, string>> = {
  'Check your integration': 'Comprobar tu integración',
  'Sandbox only: grade your integration against the checks of the guide *Check your integration*, the same ones `plazo check` runs. `kind: "webhooks"` sends your notification handler (`url`) a battery of notifications made from real events of sessions the run creates in your account: correctly signed, forged, changed after signing, stale, unsigned, signed during a secret rotation, sent twice, out of order, of an unknown type and with unknown fields. Each is signed with your secret and your merchant `notification_auth`; the run then grades the answers and what your handler did with each, from your API calls on its session (the request log). It answers `running` at once: read the report with `GET /test-helpers/integration-checks/{integration_check_id}` until `done`. With `deliver: "client"` the notifications come back prepared, in `deliveries`, for you to send. `kind: "flow"` grades your API calls and sessions of the last `since_minutes` (or of one `checkout_session_id`) at once: Idempotency-Key on every POST, tokens reused, the session read after the customer comes back, confirm and capture windows, no request repeated unchanged after a 4xx, notifications acknowledged on their first try.':
    'Solo en el sandbox: evalúa tu integración con las comprobaciones de la guía *Comprueba tu integración*, las mismas que ejecuta `plazo check`. `kind: "webhooks"` envía a tu receptor de notificaciones (`url`) una batería de notificaciones hechas con eventos reales de sesiones que la comprobación crea en tu cuenta: bien firmadas, falsificadas, modificadas después de firmarse, caducadas, sin firma, firmadas durante una rotación del secreto, enviadas dos veces, desordenadas, de un tipo desconocido y con campos desconocidos. Cada una va firmada con tu secreto y con el `notification_auth` de tu comercio; después se evalúan las respuestas y lo que tu receptor hizo con cada una, a partir de tus llamadas a la API sobre su sesión (el registro de peticiones). Responde `running` enseguida: consulta el informe con `GET /test-helpers/integration-checks/{integration_check_id}` hasta que esté `done`. Con `deliver: "client"` las notificaciones vuelven preparadas, en `deliveries`, para que las envíes tú. `kind: "flow"` evalúa al momento tus llamadas a la API y tus sesiones de los últimos `since_minutes` minutos (o de una `checkout_session_id`): Idempotency-Key en cada POST, tokens reutilizados, la sesión consultada cuando vuelve el cliente, plazos para confirmar y capturar, ninguna petición repetida sin cambios tras un 4xx y notificaciones aceptadas al primer intento.',
  'Your calls of the last hour': 'Tus llamadas de la última hora',
  'Your notification handler': 'Tu receptor de notificaciones',
  'Started: `done` with its report for `flow`; `running` for `webhooks`, with the prepared `deliveries` when `deliver` is `client`.':
    'Iniciada: `done` con su informe para `flow`; `running` para `webhooks`, con las `deliveries` preparadas cuando `deliver` es `client`.',
  'A flow report': 'Un informe del flujo',
  'Notifications for you to send': 'Notificaciones para que las envíes tú',
  'No URL for webhooks': 'Sin URL para webhooks',
  'Read an integration check report': 'Consultar el informe de una comprobación de la integración',
  'Sandbox only: the run and, once `done`, its report: one entry per check with `status` (`pass`, `fail`, `warn` or `skip`), what it saw (`detail`, with request and event ids) and the guide section that explains the fix (`docs_url`). A webhooks run takes a few seconds: read it again until `status` is `done`.':
    'Solo en el sandbox: la comprobación y, cuando está `done`, su informe: una entrada por comprobación con `status` (`pass`, `fail`, `warn` o `skip`), lo que vio (`detail`, con ids de peticiones y de eventos) y la sección de la guía que explica cómo corregirlo (`docs_url`). Una comprobación de webhooks tarda unos segundos: vuelve a consultarla hasta que `status` sea `done`.',
  'The `id` of the integration check run.': 'El `id` de la comprobación de la integración.',
  'The run.': 'La comprobación.',
  'No integration check run with this id belongs to your merchant.':
    'Ninguna comprobación de la integración con este id pertenece a tu comercio.',
  'Unknown run': 'Comprobación desconocida',
  'Report what your handler answered': 'Informar de lo que respondió tu receptor',
  'Sandbox only, for a webhooks run with `deliver: "client"`: once you have POSTed each prepared delivery to your handler, in order, report the status and the time of each answer. The run waits a moment for what your handler does with them, grades every check and answers the report (`done`). Once, for every delivery: a delivery without an answer fails its check.':
    'Solo en el sandbox, para una comprobación de webhooks con `deliver: "client"`: cuando hayas enviado por POST cada entrega preparada a tu receptor, en orden, informa del estado y del tiempo de cada respuesta. La comprobación espera un momento a lo que tu receptor haga con ellas, evalúa cada comprobación y responde con el informe (`done`). Una sola vez, para todas las entregas: una entrega sin respuesta suspende su comprobación.',
  'One answer': 'Una respuesta',
  'Graded: the report.': 'Evaluada: el informe.',
  'Every check passed': 'Todas las comprobaciones superadas',
  'The run is not waiting for answers: it is done, or the sandbox sends its notifications itself.':
    'La comprobación no espera respuestas: ya terminó, o el sandbox envía sus notificaciones por sí mismo.',
  'Already graded': 'Ya evaluada',
  '`webhooks`: send your notification handler a battery of signed notifications and grade its answers and what it then does. `flow`: grade your latest API calls and sessions.':
    '`webhooks`: envía a tu receptor de notificaciones una batería de notificaciones firmadas y evalúa sus respuestas y lo que hace después. `flow`: evalúa tus últimas llamadas a la API y tus sesiones.',
  '`webhooks` only, required there: your notification handler. With `deliver: "sandbox"` the sandbox must be able to reach it.':
    'Solo para `webhooks`, y obligatoria ahí: tu receptor de notificaciones. Con `deliver: "sandbox"`, el sandbox tiene que poder llegar a ella.',
  '`webhooks` only: `sandbox` (default) sends the notifications itself; `client` answers them prepared, in `deliveries`, for you to send (`plazo check webhooks` does, to a localhost URL) and report with `POST /test-helpers/integration-checks/{integration_check_id}/answers`.':
    'Solo para `webhooks`: con `sandbox` (por defecto), el sandbox envía las notificaciones; con `client`, las devuelve preparadas, en `deliveries`, para que las envíes tú (`plazo check webhooks` lo hace, a una URL de localhost) e informes con `POST /test-helpers/integration-checks/{integration_check_id}/answers`.',
  '`flow` only: grade this session and the calls made on it.':
    'Solo para `flow`: evalúa esta sesión y las llamadas hechas sobre ella.',
  '`flow` only: grade the calls of the last this many minutes and their sessions (default 60; the request log keeps 24 hours).':
    'Solo para `flow`: evalúa las llamadas de estos últimos minutos y sus sesiones (60 por defecto; el registro de peticiones guarda 24 horas).',
  'Sandbox only: what to check. `url` is required with `kind: "webhooks"`; `checkout_session_id` and `since_minutes` are for `flow` (not both).':
    'Solo en el sandbox: qué comprobar. `url` es obligatoria con `kind: "webhooks"`; `checkout_session_id` y `since_minutes` son para `flow` (no las dos a la vez).',
  'The check: `signature.valid`, `flow.token_reuse`… (fixed ids).':
    'La comprobación: `signature.valid`, `flow.token_reuse`… (ids fijos).',
  '`pass`; `fail` (fix it: the run fails); `warn` (works, but read `detail`); `skip` (nothing to judge).':
    '`pass`; `fail` (corrígelo: la comprobación falla); `warn` (funciona, pero lee `detail`); `skip` (no hay nada que evaluar).',
  'What the check expects.': 'Lo que espera la comprobación.',
  'What the check saw, with the request ids and event ids involved.':
    'Lo que vio la comprobación, con los ids de las peticiones y de los eventos implicados.',
  'The section of the guide that explains the check and its fix.':
    'La sección de la guía que explica la comprobación y cómo corregirla.',
  'One check of a run.': 'Una comprobación del informe.',
  'The delivery, named in its answer.': 'La entrega, que nombras en su respuesta.',
  'The check it is for.': 'La comprobación a la que corresponde.',
  'The headers to send, the Standard Webhooks ones included (or left out, for a check).':
    'Las cabeceras que hay que enviar, incluidas las de Standard Webhooks (u omitidas, para una comprobación).',
  'The body to POST, byte for byte.': 'El cuerpo que hay que enviar por POST, byte a byte.',
  'A notification prepared for you to POST to your handler, in the order given (`deliver: "client"`).':
    'Una notificación preparada para que la envíes por POST a tu receptor, en el orden dado (`deliver: "client"`).',
  'The run: read it again with `GET /test-helpers/integration-checks/{id}`.':
    'La comprobación: vuelve a consultarla con `GET /test-helpers/integration-checks/{id}`.',
  '`running` until every check is graded, then `done`.':
    '`running` hasta que se evalúan todas las comprobaciones; después, `done`.',
  'What was checked.': 'Qué se comprobó.',
  'When the run started (real time).': 'Cuándo empezó la comprobación (hora real).',
  'Checks with status `pass`.': 'Comprobaciones con estado `pass`.',
  'Checks with status `fail`: the run fails when one does.':
    'Comprobaciones con estado `fail`: basta una para que falle el conjunto.',
  'Checks with status `warn`.': 'Comprobaciones con estado `warn`.',
  'Every check, in a fixed order; empty while `running`.':
    'Todas las comprobaciones, en un orden fijo; vacío mientras está `running`.',
  'With `deliver: "client"`, while `running`: the notifications to send, in this order, and report with `POST /test-helpers/integration-checks/{id}/answers`.':
    'Con `deliver: "client"`, mientras está `running`: las notificaciones que hay que enviar, en este orden, e informar después con `POST /test-helpers/integration-checks/{id}/answers`.',
  'A run of the integration check and its report: the same object `plazo check … --json` prints, with `id` and `status`.':
    'Una comprobación de la integración y su informe: el mismo objeto que imprime `plazo check … --json`, con `id` y `status`.',
  'The `id` of the delivery sent.': 'El `id` de la entrega enviada.',
  'The HTTP status your handler answered; null when it did not answer.':
    'El estado HTTP que respondió tu receptor; null si no respondió.',
  'From sending the request to the answer\u2019s status line, in ms.':
    'Desde que se envía la petición hasta la línea de estado de la respuesta, en ms.',
  'Why there was no answer (refused, timed out…).':
    'Por qué no hubo respuesta (conexión rechazada, tiempo agotado…).',
  'The start of the answer\u2019s body, for the report.':
    'El principio del cuerpo de la respuesta, para el informe.',
  'What your handler answered to one delivery.': 'Lo que respondió tu receptor a una entrega.',
  'One answer per delivery sent.': 'Una respuesta por entrega enviada.',
  'What your handler answered to each prepared delivery (`deliver: "client"`).':
    'Lo que respondió tu receptor a cada entrega preparada (`deliver: "client"`).',
  'The login the call\u2019s token came from: the same for every call made with the tokens of one login and their refreshes (null for calls logged before it was kept).':
    'El inicio de sesión del que salió el token de la llamada: el mismo para todas las llamadas hechas con los tokens de un inicio de sesión y sus renovaciones (null en las llamadas registradas antes de guardarse).',
}
