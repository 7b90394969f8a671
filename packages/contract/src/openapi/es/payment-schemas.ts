import { BRAND } from '../../brand.ts'

/** Spanish texts of the payment method schemas and of the enumerations (src/payment-methods.ts, src/enums.ts). */
export const PAYMENT_SCHEMA_TEXTS: Readonly<Record<string, string>> = {
  'Payment methods offered (at least 1, unique; a `type` may appear only once — the API answers 400 otherwise). Omitted: every method the agent has a pricing for.':
    'Métodos de pago ofrecidos (al menos 1, sin repetir; un `type` solo puede aparecer una vez, si no la API responde 400). Si se omite, todos los métodos para los que el agente tiene una tarifa.',
  '`auto_capture` (default) confirms and captures when the customer completes checkout; `auto_confirm` only confirms; `delegated` leaves confirm and capture to the merchant.':
    '`auto_capture` (por defecto) confirma y captura cuando el cliente completa el checkout; `auto_confirm` solo confirma; `delegated` deja la confirmación y la captura en manos del comercio.',
  'Currency. EUR only.': 'Moneda. Solo EUR.',
  'Product categories. A `discount` article has a negative unit price and a negative line total.':
    'Categorías de producto. Un artículo `discount` tiene un precio unitario negativo y un total de línea negativo.',
  'Categories of service, accommodation, travel and flight articles.':
    'Categorías de los artículos de servicio, alojamiento, viaje y vuelo.',
  'Travel categories.': 'Categorías de viaje.',
  'Identity document types: Spanish NIF, NIE for EU citizens, NIE for non-EU citizens, passport.':
    'Tipos de documento de identidad: NIF español, NIE de ciudadanos de la UE, NIE de ciudadanos de fuera de la UE y pasaporte.',
  'Gender as printed on the identity document.': 'Sexo tal como figura en el documento de identidad.',
  'Category of automobile articles.': 'Categoría de los artículos de vehículo.',
  'Vehicle categories.': 'Categorías de vehículo.',
  'Vehicle body types.': 'Tipos de carrocería.',
  'Vehicle fuel types.': 'Tipos de combustible.',
  'Vehicle gearboxes.': 'Cajas de cambios.',
  'Purchase country (ISO 3166-1 alpha-3). Defaults to the merchant default country.':
    'País de compra (ISO 3166-1 alfa-3). Por defecto, el país por defecto del comercio.',
  'A payment method offered in the session: its `type` and optional `options`. Options not given come from the agent pricing of that type (see ADR 0003).':
    'Un método de pago ofrecido en la sesión: su `type` y unas `options` opcionales. Las opciones que no se indican se toman de la tarifa del agente para ese tipo (consulta el ADR 0003).',
  'Financed payment method types other than `auto_loan` (which has extra options).':
    'Tipos de método de pago financiado distintos de `auto_loan` (que tiene opciones adicionales).',
  'A financed payment method.': 'Un método de pago financiado.',
  'Terms offered, in months (e.g. 3, 6, 9, 12 for BNPL; 18 to 48 for consumer loans; 24 to 96 for auto loans).':
    'Los plazos ofrecidos, en meses (por ejemplo, 3, 6, 9 y 12 en BNPL; de 18 a 48 en préstamos al consumo; de 24 a 96 en financiación de vehículos).',
  'Annual nominal interest rate, 0 to 1 (0.0799 = 7.99 %).':
    'Tipo de interés nominal anual, de 0 a 1 (0.0799 = 7,99 %).',
  'Longest grace period, in months, the customer may choose (`grace_period` when completing, or in `processed_payment_method`). Omitted: the pricing’s.':
    'Periodo de carencia más largo, en meses, que puede elegir el cliente (`grace_period` al completar el checkout, o en `processed_payment_method`). Si se omite: el de la tarifa.',
  'Fee the merchant pays on the amount of credit (the cart amount financed), 0 to 1 (0.02 = 2 %). Never charged to the customer.':
    'Comisión que paga el comercio sobre el importe del crédito (el importe financiado del carrito), de 0 a 1 (0.02 = 2 %). Nunca se cobra al cliente.',
  'Options of a financed payment method. Omitted options come from the agent pricing.':
    'Opciones de un método de pago financiado. Las opciones omitidas se toman de la tarifa del agente.',
  'For `percentage` a ratio of the principal (0 to 1); for `fix_amount` an amount in euros (decimals, not cents: 15.5 is 15.50 EUR).':
    'Con `percentage`, una proporción del principal (de 0 a 1); con `fix_amount`, un importe en euros (con decimales, no en céntimos: 15.5 son 15,50 EUR).',
  'Opening fee of a loan. A `percentage` fee has an amount between 0 and 1.':
    'Comisión de apertura de un préstamo. Una comisión `percentage` tiene un importe entre 0 y 1.',
  '`type_fixed_amount`: split equally over the instalments, not financed; `type_upfront`: paid with the first instalment, not financed; `type_financed`: added to the principal.':
    '`type_fixed_amount`: se reparte a partes iguales entre las cuotas, sin financiar; `type_upfront`: se paga con la primera cuota, sin financiar; `type_financed`: se suma al principal.',
  '`percentage`: `amount` is a ratio of the principal (0 to 1); `fix_amount`: `amount` is in euros (decimals), not cents.':
    '`percentage`: `amount` es una proporción del principal (de 0 a 1); `fix_amount`: `amount` está en euros (con decimales), no en céntimos.',
  'Insurance product, named per the commercial agreement.':
    'Producto de seguro, con el nombre que fije el acuerdo comercial.',
  'Financed: its amount joins the principal and is paid over the instalments. Otherwise paid upfront with the first instalment.':
    'Financiado: su importe se suma al principal y se paga en las cuotas. Si no, se paga por adelantado con la primera cuota.',
  'Loan insurance.': 'Seguro del préstamo.',
  'An auto loan.': 'Una financiación de vehículo.',
  'Options of an auto loan.': 'Opciones de una financiación de vehículo.',
  'Lender.': 'Entidad financiera.',
  'Lender pricing.': 'Tarifa de la entidad financiera.',
  'How auto-loan lenders are asked.':
    'Cómo se consulta a las entidades financieras de la financiación de vehículos.',
  'Auto loans: ask lenders one after the other (`waterfall`) or all at once (`parallel`).':
    'Financiación de vehículos: consulta a las entidades financieras una tras otra (`waterfall`) o todas a la vez (`parallel`).',
  [`Auto loans: the lender order is the given list (\`manual\`) or chosen by ${BRAND} (\`automatic\`).`]: `Financiación de vehículos: el orden de las entidades financieras es el de la lista indicada (\`manual\`) o lo elige ${BRAND} (\`automatic\`).`,
  'A single card payment.': 'Un pago único con tarjeta.',
  'Options every payment method type takes.': 'Opciones que admiten todos los tipos de método de pago.',
  'How the down payment can be paid (default both).':
    'Cómo se puede pagar la entrada (por defecto, de las dos formas).',
  'Down payment in cents (at least 0, default 0).': 'Entrada en céntimos (al menos 0, por defecto 0).',
  'A down payment collected before the loan (`upfront`) or after approval and before confirmation (`before_confirm`) through a child checkout session.':
    'Una entrada que se cobra antes del préstamo (`upfront`) o tras la aprobación y antes de la confirmación (`before_confirm`) mediante una sesión de checkout hija.',
  'When a down payment is collected: never, before the loan is requested, or after approval and before confirmation.':
    'Cuándo se cobra una entrada: nunca, antes de solicitar el préstamo o tras la aprobación y antes de la confirmación.',
  'How a down payment is paid: by card or by account-to-account transfer.':
    'Cómo se paga una entrada: con tarjeta o por transferencia bancaria.',
  'Shipping methods.': 'Métodos de envío.',
  'Payment method types a merchant can offer in `payment_methods`. `a2a_payment` is only used to collect down payments.':
    'Tipos de método de pago que un comercio puede ofrecer en `payment_methods`. `a2a_payment` solo se usa para cobrar entradas.',
  'Shape of buttons and inputs.': 'Forma de los botones y los campos.',
  'Marital status. `regime` is required when `married`.':
    'Estado civil. `regime` es obligatorio cuando es `married`.',
  'Matrimonial property regime (Spanish gananciales, separación de bienes, participación).':
    'Régimen económico matrimonial (gananciales, separación de bienes o participación).',
  'How the customer occupies the main residence. `property_type` and `mortgage` are required for `ownership`.':
    'Cómo ocupa el cliente la residencia habitual. `property_type` y `mortgage` son obligatorios con `ownership`.',
  'Type of the owned property.': 'Tipo de la vivienda en propiedad.',
  'Employment status. `professional_position` and `company_info` are required for employed, temporary_employed, civil_servant, trainee, casual_worker and self_employed; `company_info.company_contract_end_date` for temporary_employed.':
    'Situación laboral. `professional_position` y `company_info` son obligatorios para employed, temporary_employed, civil_servant, trainee, casual_worker y self_employed; `company_info.company_contract_end_date`, para temporary_employed.',
  'Which net income figure is given: `annual` requires `annual`, `monthly` requires `monthly`.':
    'Qué cifra de ingresos netos se indica: `annual` requiere `annual`, y `monthly` requiere `monthly`.',
  'Checkout session status: `initial` open to changes; `confirmed` paid with an available method; `desisted` by the customer; `cancelled`; `expired`; `denied` every method was denied; `challenge` an extra action is needed (e.g. the customer pays a down payment).':
    'Estado de la sesión de checkout: `initial`, abierta a cambios; `confirmed`, pagada con un método disponible; `desisted`, abandonada por el cliente; `cancelled`; `expired`; `denied`, se han denegado todos los métodos; `challenge`, hace falta una acción adicional (por ejemplo, que el cliente pague una entrada).',
  '`embedded`: the checkout runs inside the merchant site; `hpp`: the customer is redirected to the hosted payment page.':
    '`embedded`: el checkout se ejecuta dentro de la web del comercio; `hpp`: se redirige al cliente a la página de pago alojada.',
  'Whether the down-payment session has collected it.': 'Si la sesión de entrada ya la ha cobrado.',
  'The down payment as returned.': 'La entrada tal como se devuelve.',
  'A payment method offered in the session, as returned.':
    'Un método de pago ofrecido en la sesión, tal como se devuelve.',
  'An account-to-account transfer. Only offered by the session that collects a down payment.':
    'Una transferencia bancaria. Solo la ofrece la sesión que cobra una entrada.',
  'Article types that can appear on read and in webhooks (`online_product` appears in some notifications).':
    'Tipos de artículo que pueden aparecer al leer la sesión y en los webhooks (`online_product` aparece en algunas notificaciones).',
  'Payment method types. `card_payment` and `a2a_payment` collect down payments; `card_payment` also appears on read as a single payment.':
    'Tipos de método de pago. `card_payment` y `a2a_payment` cobran entradas; `card_payment` también aparece al leer la sesión como pago único.',
  'Payment intent status. `on_hold` waits for the lender; `approved` by the lender and waiting for confirmation; `confirmed` by the merchant or automatically; `paid` is used for a down payment that was collected.':
    'Estado de la intención de pago. `on_hold`, espera a la entidad financiera; `approved`, aprobada por la entidad financiera y a la espera de confirmación; `confirmed`, confirmada por el comercio o de forma automática; `paid` se usa para una entrada que ya se ha cobrado.',
  'Hosted payment page status.': 'Estado de la página de pago alojada.',
  'Status of a capture or refund: `approved` at once, `pending` while an asynchronous lender decides (a `capture_approved` / `refund_approved` notification follows), `rejected` by the lender.':
    'Estado de una captura o un reembolso: `approved` al momento, `pending` mientras decide una entidad financiera asíncrona (después llega una notificación `capture_approved` / `refund_approved`), `rejected` por la entidad financiera.',
  'Sandbox test helper: what the customer and the lender do.':
    'Utilidad de prueba del sandbox: lo que hacen el cliente y la entidad financiera.',
  'How a hosted page link is sent: e-mail for an e-mail address, SMS for a phone number.':
    'Cómo se envía el enlace de una página alojada: e-mail para una dirección de e-mail, SMS para un número de teléfono.',
}
