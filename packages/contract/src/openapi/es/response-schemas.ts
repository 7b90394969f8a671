import { BRAND } from '../../brand.ts'

/** Spanish texts of the response, error, auth and order management schemas (src/checkout-session.ts, src/client.ts, src/order-management.ts, src/errors.ts, src/auth.ts). */
export const RESPONSE_SCHEMA_TEXTS: Readonly<Record<string, string>> = {
  'Send as `Authorization: Bearer <access_token>`.': 'Envíalo como `Authorization: Bearer <access_token>`.',
  'Exchange it at /auth/refresh/ for a new pair; it can be used once.':
    'Cámbialo en /auth/refresh/ por un par nuevo; se puede usar una vez.',
  'Lifetime of the access token in seconds (2678400 by default).':
    'Duración del token de acceso en segundos (2678400 por defecto).',
  'A bearer token pair.': 'Un par de tokens bearer.',
  'What is wrong with it.': 'Qué tiene de incorrecto.',
  'One invalid field.': 'Un campo no válido.',
  '403: invalid login credentials (actionCode 1001).':
    '403: credenciales de inicio de sesión no válidas (actionCode 1001).',
  'Your API user.': 'Tu usuario de la API.',
  'Its password.': 'Su contraseña.',
  'Username and password are required.': 'El nombre de usuario y la contraseña son obligatorios.',
  'A refresh token from login or a previous refresh.':
    'Un refresh token del inicio de sesión o de una renovación anterior.',
  'Pass it to checkout-js in the browser to mount the checkout. Keep it out of URLs and logs.':
    'Pásalo a checkout-js en el navegador para montar el checkout. No lo pongas en URLs ni en logs.',
  'Embedded session created.': 'Sesión integrada creada.',
  '401: `invalid_request` / `The access token is missing` when no bearer token is sent; `invalid_token` when it is unknown, revoked or expired.':
    '401: `invalid_request` / `The access token is missing` cuando no se envía ningún token bearer; `invalid_token` cuando es desconocido, está revocado o ha caducado.',
  'Machine-readable error path, e.g. `plazo.checkout.cart_total_mismatch`.':
    'Ruta del error legible por máquina, por ejemplo `plazo.checkout.cart_total_mismatch`.',
  'Human-readable message.': 'Mensaje legible por personas.',
  'Every API error except 401 and 500.': 'Todos los errores de la API salvo 401 y 500.',
  'Id of the returned entity (the checkout session id).':
    'Id de la entidad devuelta (el id de la sesión de checkout).',
  'A checkout session.': 'Una sesión de checkout.',
  'Child session collecting the down payment.': 'Sesión hija que cobra la entrada.',
  'Equals the selected payment intent id.': 'Es igual al id de la intención de pago seleccionada.',
  [`A checkout session as returned. \`captured_amount\`, \`refunded_amount\`, \`captures\`, \`refunds\`, \`merchant\` and \`mode\` are ${BRAND} additions to help order management.`]: `Una sesión de checkout tal como se devuelve. \`captured_amount\`, \`refunded_amount\`, \`captures\`, \`refunds\`, \`merchant\` y \`mode\` son añadidos de ${BRAND} para facilitar la gestión de pedidos.`,
  'The merchant data of the order as returned (notification credentials are never returned).':
    'Los datos del comercio para el pedido tal como se devuelven (las credenciales de notificación nunca se devuelven).',
  'Id of the payment intent (`selected_payment_method_id`).':
    'Id de la intención de pago (`selected_payment_method_id`).',
  'Lender that decided the intent.': 'Entidad financiera que ha decidido la intención de pago.',
  'Lender reference of the request.': 'Referencia de la solicitud en la entidad financiera.',
  'One attempt to pay with one payment method.': 'Un intento de pago con un método de pago.',
  'Financed amount in cents, taxes included, discounts excluded (> 0).':
    'Importe financiado en céntimos, con impuestos y sin descuentos (> 0).',
  'Number of instalments (loans only).': 'Número de cuotas (solo préstamos).',
  'Regular instalment in cents (> 0), excluding non-financed fees or insurance.':
    'Cuota ordinaria en céntimos (> 0), sin las comisiones ni los seguros no financiados.',
  'Annual nominal interest rate, 0 to 1.': 'Tipo de interés nominal anual, de 0 a 1.',
  'APR (TAE) as a ratio (0.0829 = 8.29 %).': 'TAE como proporción (0.0829 = 8,29 %).',
  'Months of grace the customer chose before the first instalment (0 to the method’s `max_grace_period`): nothing is due, interest accrues and is added to the principal each month, and the first instalment falls due at month `grace_period + 1`.':
    'Meses de carencia que el cliente ha elegido antes de la primera cuota (de 0 al `max_grace_period` del método): no se paga nada, se devengan intereses que se suman al principal cada mes, y la primera cuota vence en el mes `grace_period + 1`.',
  'Loan conditions of a payment intent. Financed insurance joins the principal and is paid over the instalments; otherwise it is paid upfront with the first instalment.':
    'Condiciones del préstamo de una intención de pago. El seguro financiado se suma al principal y se paga en las cuotas; si no, se paga por adelantado con la primera cuota.',
  'The hosted payment page of a session.': 'La página de pago alojada de una sesión.',
  'Order lines this operation covered (empty for a refund by amount).':
    'Líneas del pedido que ha cubierto esta operación (vacío en un reembolso por importe).',
  'A capture or a refund. `pending` while an asynchronous lender decides.':
    'Una captura o un reembolso. `pending` mientras decide una entidad financiera asíncrona.',
  'Hosted page of the down payment (hpp mode).': 'Página alojada de la entrada (modo hpp).',
  'Where to send the customer after success, parameters appended.':
    'Adónde enviar al cliente tras el éxito, con los parámetros añadidos.',
  'Where to send the customer after cancel, parameters appended: `order_reference`, `checkout_session_id` and, once the session is over, `checkout_session_status` (`denied`, `desisted`, `cancelled` or `expired`), for display only.':
    'Adónde enviar al cliente tras la cancelación, con los parámetros añadidos: `order_reference`, `checkout_session_id` y, cuando la sesión ha terminado, `checkout_session_status` (`denied`, `desisted`, `cancelled` o `expired`), solo para mostrar.',
  'The lender that grants the credit of the financed payment methods: who the customer contracts the credit with. Show its name with the offer; the SECCI opens with these details.':
    'La entidad financiera que concede el crédito de los métodos de pago financiados: con quien contrata el crédito el cliente. Muestra su nombre junto a la oferta; la INE empieza con estos datos.',
  'Legal name of the lender.': 'Denominación social de la entidad financiera.',
  'Registered address.': 'Domicilio social.',
  'Its entry in the register of its supervisory authority.':
    'Su inscripción en el registro de su autoridad de supervisión.',
  'The authority that supervises it.': 'La autoridad que la supervisa.',
  'The Standard European Consumer Credit Information (SECCI; «Información normalizada europea sobre el crédito al consumo», «Fiche d\u2019information standardisée européenne») of one offer: the headings of Directive 2008/48/EC, Annex II, filled in with the offer\u2019s conditions, the lender and the order. Give it to the customer before they confirm.':
    'La información normalizada europea sobre el crédito al consumo (INE; en inglés, SECCI; en Francia, «Fiche d\u2019information standardisée européenne») de una oferta: los apartados del anexo II de la Directiva 2008/48/CE, completados con las condiciones de la oferta, la entidad financiera y el pedido. Dásela al cliente antes de que confirme.',
  'The form\u2019s name in the language, e.g. `Información normalizada europea sobre el crédito al consumo`.':
    'El nombre del formulario en el idioma, p. ej. `Información normalizada europea sobre el crédito al consumo`.',
  'The five sections of Annex II, in its order, each with its headings and their content.':
    'Las cinco secciones del anexo II, en su orden, cada una con sus apartados y su contenido.',
  'Stable name of the row, e.g. `apr`, `withdrawal`.':
    'Nombre estable de la fila, p. ej. `apr`, `withdrawal`.',
  'The offer\u2019s figures formatted for the language.':
    'Las cifras de la oferta con el formato del idioma.',
  'The sentence the law of the purchase country requires beside an offer of credit, to show as it is: in France (and on a page in French), «Un crédit vous engage et doit être remboursé. Vérifiez vos capacités de remboursement avant de vous engager.» (Code de la consommation, L312-5); null otherwise.':
    'La frase que exige la ley del país de compra junto a una oferta de crédito, para mostrarla tal cual: en Francia (y en una página en francés), «Un crédit vous engage et doit être remboursé. Vérifiez vos capacités de remboursement avant de vous engager.» (Code de la consommation, L312-5); si no, null.',
  'The same information as a printable page the customer can keep (print or save as PDF): `<hosted page>/secci` with the same query. Null in the embedded checkout, whose secret never goes in a URL.':
    'La misma información como página que el cliente puede conservar (imprimirla o guardarla en PDF): `<hosted page>/secci` con la misma query. Null en el checkout integrado, cuyo secreto nunca va en una URL.',
  'The login is over: its access and refresh tokens no longer work.':
    'El login ha terminado: sus tokens de acceso y de refresh ya no funcionan.',
  'Only sessions created at or after this time (ISO 8601, with its offset).':
    'Solo las sesiones creadas en este momento o después (ISO 8601, con su desfase horario).',
  'Only sessions created at or before this time (ISO 8601, with its offset).':
    'Solo las sesiones creadas en este momento o antes (ISO 8601, con su desfase horario).',
  'How many sessions at most (1 to 100, default 20).':
    'Cuántas sesiones como máximo (de 1 a 100; 20 por defecto).',
  'The `id` of the last session of the previous page: the list goes on with the sessions created before it.':
    'El `id` de la última sesión de la página anterior: la lista sigue con las sesiones creadas antes que ella.',
  'The sessions, newest first.': 'Las sesiones, de la más reciente a la más antigua.',
  'More sessions match: ask again with `starting_after` set to the `id` of the last one.':
    'Hay más sesiones que coinciden: vuelve a pedirlas con `starting_after` igual al `id` de la última.',
  'A page of your checkout sessions, newest first.':
    'Una página de tus sesiones de checkout, de la más reciente a la más antigua.',
  'The checkout session as the customer sees it.': 'La sesión de checkout tal como la ve el cliente.',
  'The details known so far, to prefill the form. Null once the customer is done (paid, approved for your confirmation, given up, denied, cancelled or expired): the link may stay in browser history or be forwarded.':
    'Los datos que ya se conocen, para rellenar el formulario. Es null en cuanto el cliente ha terminado (pagado, aprobado a la espera de tu confirmación, abandonado, denegado, cancelado o caducado): el enlace puede quedarse en el historial del navegador o reenviarse.',
  '`basic`: name, e-mail, phone and document number; `full`: the full customer of a payment intent.':
    '`basic`: nombre, e-mail, teléfono y número de documento; `full`: el cliente completo de una intención de pago.',
  'One per term offered (empty for a single card payment), priced with the grace period the read asked for (`?grace_period`, else none).':
    'Una por cada plazo ofrecido (vacío en un pago único con tarjeta), calculada con el periodo de carencia que pidió la lectura (`?grace_period`; si no, sin carencia).',
  'The longest grace period, in months, the customer may choose for this method: `grace_period` from 0 to it when completing (`options.max_grace_period` of the method, else its pricing’s). 0: none (BNPL, subscriptions, card and account-to-account payments).':
    'El periodo de carencia más largo, en meses, que el cliente puede elegir en este método: un `grace_period` de 0 hasta él al completar el checkout (el `options.max_grace_period` del método o, si no, el de su tarifa). 0: ninguno (BNPL, suscripciones, pagos con tarjeta y transferencias bancarias).',
  'A payment method the customer can choose.': 'Un método de pago que el cliente puede elegir.',
  'Term in months.': 'El plazo, en meses.',
  'Everything the customer pays, in cents.': 'Todo lo que paga el cliente, en céntimos.',
  'Total payable minus the amount financed, in cents.':
    'Total a pagar menos el importe financiado, en céntimos.',
  'The loan conditions of one payment method for one term.':
    'Las condiciones del préstamo de un método de pago para un plazo.',
  'Months after the purchase when it is due: `number` plus the grace period (`conditions.grace_period`).':
    'Meses después de la compra en que vence: `number` más el periodo de carencia (`conditions.grace_period`).',
  'Amount due, in cents (fees and insurance included).':
    'Importe que se debe pagar, en céntimos (con comisiones y seguros).',
  'One payment of the schedule.': 'Un pago del calendario.',
  'Hosted page: where to send the customer now (success or cancel URL with parameters), when given.':
    'Página alojada: adónde enviar ahora al cliente (URL de éxito o de cancelación con los parámetros), si se indica.',
  'What happened, and where the customer goes next.': 'Qué ha pasado y adónde va el cliente a continuación.',
  'Chosen term in months (loans).': 'El plazo elegido, en meses (préstamos).',
  'The customer details the method needs (`customer_details`): the basic customer, or the full customer for loans. Validated with the contract rules (400 with schema_errors).':
    'Los datos del cliente que necesita el método (`customer_details`): el cliente básico, o el cliente completo en los préstamos. Se validan con las reglas del contrato (400 con schema_errors).',
  'Months of grace before the first instalment (loans): 0 (the default) to the method’s `max_grace_period`; more answers 400 naming `/grace_period`. Interest accrues during the grace and is added to the principal each month; the first instalment falls due at month `grace_period + 1`.':
    'Meses de carencia antes de la primera cuota (préstamos): de 0 (por defecto) al `max_grace_period` del método; con más, la respuesta es un 400 que nombra `/grace_period`. Durante la carencia se devengan intereses, que se suman al principal cada mes; la primera cuota vence en el mes `grace_period + 1`.',
  'The customer completes the checkout.': 'El cliente completa el checkout.',
  'What an agent (point of sale) offers, for widgets and simulators.':
    'Lo que ofrece un agente (punto de venta), para widgets y simuladores.',
  'An agent pricing as shown to customers (no merchant fee).':
    'Una tarifa del agente tal como la ven los clientes (sin la comisión del comercio).',
  'Every offer for the amount (or the one asked).': 'Todas las ofertas para el importe (o la que se pide).',
  'Purchase amount in cents.': 'Importe de la compra en céntimos.',
  'Months of grace before the first instalment (default 0): only the types whose `max_grace_period` allows it are simulated, priced with it (interest accrues during the grace and is capitalised; the schedule starts at month `grace_period + 1`). When none allows it, 400 naming the field.':
    'Meses de carencia antes de la primera cuota (0 por defecto): solo se simulan los tipos cuyo `max_grace_period` lo permite, calculados con esa carencia (durante la carencia se devengan intereses, que se capitalizan; el calendario empieza en el mes `grace_period + 1`). Si ninguno lo permite, 400 nombrando el campo.',
  'Simulate the loan conditions of an amount.': 'Simula las condiciones de préstamo de un importe.',
  'The checkout session after the change.': 'La sesión de checkout después del cambio.',
  'Sandbox only: play the customer and the lender. `approve` completes the checkout with `payment_method_type` (default the first offered), `deny` has the lender deny it, `challenge` asks for a down payment, `desist` gives up.':
    'Solo en el sandbox: haz de cliente y de entidad financiera. `approve` completa el checkout con `payment_method_type` (por defecto, el primero ofrecido), `deny` hace que la entidad financiera lo deniegue, `challenge` pide una entrada y `desist` lo abandona.',
  'Send the customer here: `<public url>/hpp/<hpp_id>`.':
    'Envía aquí al cliente: `<public url>/hpp/<hpp_id>`.',
  'A QR code image of `redirect_url` (redirect URL + `/qr`).':
    'Una imagen con el código QR de `redirect_url` (URL de redirección + `/qr`).',
  'Redirect URL + `/distribute`: where the link can be sent to the customer.':
    'URL de redirección + `/distribute`: desde donde se puede enviar el enlace al cliente.',
  'Hosted-page session created.': 'Sesión con página alojada creada.',
  'The link was sent.': 'Se ha enviado el enlace.',
  'A hosted page link sent to a customer. The sandbox keeps messages instead of sending them.':
    'Un enlace de página alojada enviado a un cliente. El sandbox guarda los mensajes en lugar de enviarlos.',
  'An e-mail address (sent by e-mail) or a phone number with country code (sent by SMS).':
    'Una dirección de e-mail (se envía por e-mail) o un número de teléfono con prefijo de país (se envía por SMS).',
  'Send the hosted page link to the customer.': 'Envía al cliente el enlace de la página alojada.',
  'The messages of the hosted page, oldest first.':
    'Los mensajes de la página alojada, del más antiguo al más reciente.',
  'The hosted page id.': 'El id de la página alojada.',
  'What the sandbox would have sent for a hosted page.':
    'Lo que el sandbox habría enviado para una página alojada.',
  'The text the customer would receive, with the hosted page link.':
    'El texto que recibiría el cliente, con el enlace de la página alojada.',
  'A hosted page link the sandbox kept instead of sending it by e-mail or SMS.':
    'Un enlace de página alojada que el sandbox ha guardado en lugar de enviarlo por e-mail o SMS.',
  'The capture or refund created.': 'La captura o el reembolso creados.',
  'Why or what is captured.': 'Motivo o contenido de la captura.',
  'Ask the lender synchronously; a rejection is a 410 and nothing is captured.':
    'Consulta a la entidad financiera de forma síncrona; un rechazo es un 410 y no se captura nada.',
  'Capture every order line not yet captured. The session must be confirmed; each line is captured once (409 `already captured`).':
    'Captura todas las líneas del pedido que aún no se han capturado. La sesión debe estar confirmada; cada línea se captura una sola vez (409 `already captured`).',
  'Reason for the refund.': 'Motivo del reembolso.',
  'Ids of captured order lines (`payload.cart.order_lines[].id`). Each is refunded once (409 `already refunded`).':
    'Ids de las líneas del pedido capturadas (`payload.cart.order_lines[].id`). Cada una se reembolsa una sola vez (409 `already refunded`).',
  'Amount in cents; never above the captured total minus what was already refunded (409).':
    'Importe en céntimos; nunca por encima del total capturado menos lo ya reembolsado (409).',
  'Ask the lender synchronously; a rejection is a 410 and nothing is refunded.':
    'Consulta a la entidad financiera de forma síncrona; un rechazo es un 410 y no se reembolsa nada.',
  'Refund by `refunded_item_ids` or by `refunded_amount`, never both. A refund requires a prior capture; partial refunds are allowed until the captured total.':
    'Reembolsa por `refunded_item_ids` o por `refunded_amount`, nunca las dos cosas. Un reembolso requiere una captura previa; se admiten reembolsos parciales hasta el total capturado.',
  'The sandbox clock after the move; `identifier` is your merchant id.':
    'El reloj del sandbox después de adelantarlo; `identifier` es el id de tu comercio.',
  'Minutes to move the sandbox clock forward (at most a year).':
    'Minutos que se adelanta el reloj del sandbox (como mucho, un año).',
  'Sandbox only: move your sandbox clock forward and run every timer that falls due.':
    'Solo en el sandbox: adelanta el reloj de tu sandbox y ejecuta todos los temporizadores que venzan.',
  'A payment intent as notified.': 'Una intención de pago tal como se notifica.',
  'Down payment in cents.': 'Entrada en céntimos.',
  'Conditions as notified: with `down_payment_amount`.':
    'Las condiciones tal como se notifican: con `down_payment_amount`.',
}
