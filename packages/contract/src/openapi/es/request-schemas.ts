import { BRAND } from '../../brand.ts'
import { MAX_UNITS } from '../../primitives.ts'

/** Spanish texts of the checkout session request schemas (merchant, cart, articles, ui, primitives) and of the cart as returned. */
export const REQUEST_SCHEMA_TEXTS: Readonly<Record<string, string>> = {
  'UUID.': 'UUID.',
  'One of your agents (points of sale). Omitted: your first agent. Another merchant’s agent is rejected (400).':
    'Uno de tus agentes (puntos de venta). Si se omite, tu primer agente. El agente de otro comercio se rechaza (400).',
  'Create (or update) an embedded checkout session. `merchant` and `cart` are required.':
    'Crea (o modifica) una sesión de checkout integrado. `merchant` y `cart` son obligatorios.',
  'Your order reference. Appended to the success and cancel URLs as `order_reference`.':
    'Tu referencia del pedido. Se añade a las URLs de éxito y de cancelación como `order_reference`.',
  'A second order reference.': 'Una segunda referencia del pedido.',
  'Store reference.': 'Referencia de la tienda.',
  'Seller reference.': 'Referencia del vendedor.',
  [`Where ${BRAND} POSTs the notifications of this session: an absolute http or https URL. Without it, the URL configured for the merchant account, if any.`]: `Adonde ${BRAND} envía por POST las notificaciones de esta sesión: una URL http o https absoluta. Si no se indica, la URL configurada en la cuenta del comercio, si la hay.`,
  'Any JSON object, echoed as `additional_payload` in every notification of this session.':
    'Cualquier objeto JSON, que se devuelve como `additional_payload` en cada notificación de esta sesión.',
  'An order approved but not confirmed within this many minutes is cancelled (e.g. 1440).':
    'Un pedido aprobado y no confirmado en este número de minutos se cancela (por ejemplo, 1440).',
  'A confirmed order not captured within this many minutes is cancelled (e.g. 15).':
    'Un pedido confirmado y no capturado en este número de minutos se cancela (por ejemplo, 15).',
  'ISO 8601 date and time with an offset, e.g. 2026-05-17T10:30:00Z.':
    'Fecha y hora ISO 8601 con desfase horario, por ejemplo 2026-05-17T10:30:00Z.',
  'Merchant data of the order. `order_reference_1` is required.':
    'Datos del comercio para el pedido. `order_reference_1` es obligatorio.',
  'How notifications authenticate to `notification_url`: one of three forms.':
    'Cómo se autentican las notificaciones ante `notification_url`: una de tres formas.',
  [`When true, notifications are sent over TLS presenting the ${BRAND} client certificate; download the certificate and its CA to trust it.`]: `Si es true, las notificaciones se envían por TLS presentando el certificado de cliente de ${BRAND}; descarga el certificado y su CA para confiar en él.`,
  'Mutual-TLS client certificate.': 'Certificado de cliente para TLS mutuo.',
  'Value sent as the `Authorization` header of every notification.':
    'Valor que se envía como cabecera `Authorization` en cada notificación.',
  'Value of the `Content-Type` header (default application/json).':
    'Valor de la cabecera `Content-Type` (por defecto, application/json).',
  'A static Authorization header.': 'Una cabecera Authorization estática.',
  'The token endpoint: an absolute http or https URL.':
    'El endpoint de tokens: una URL http o https absoluta.',
  'OAuth2 client id.': 'Client id de OAuth2.',
  'OAuth2 client secret.': 'Client secret de OAuth2.',
  'Resource owner username.': 'Nombre de usuario del propietario del recurso.',
  'Resource owner password.': 'Contraseña del propietario del recurso.',
  [`OAuth2 password grant: ${BRAND} fetches a token from \`url\`, caches it until it expires, fetches a new one after a 401, and sends it as a Bearer token.`]: `OAuth2 con password grant: ${BRAND} obtiene un token de \`url\`, lo guarda en caché hasta que caduca, obtiene uno nuevo después de un 401 y lo envía como token Bearer.`,
  'Merchant cart reference.': 'Referencia del carrito del comercio.',
  'Cart total with taxes, in cents (> 0). Must equal the sum of the items `total_price_with_tax`, otherwise the API answers 409 `The total price of the cart (<total>) differs from the sum of all the items total price (<sum>).`':
    'Total del carrito con impuestos, en céntimos (> 0). Debe ser igual a la suma de los `total_price_with_tax` de los artículos; si no, la API responde 409 `The total price of the cart (<total>) differs from the sum of all the items total price (<sum>).`',
  'The cart. The total must equal the sum of the item totals (409 otherwise).':
    'El carrito. El total debe ser igual a la suma de los totales de los artículos (si no, 409).',
  [`Units (1 to ${MAX_UNITS}).`]: `Unidades (de 1 a ${MAX_UNITS}).`,
  'Discount on this line, in cents (at least 0).': 'Descuento en esta línea, en céntimos (al menos 0).',
  'Line total with taxes, in cents: > 0, or < 0 for a `discount` article.':
    'Total de la línea con impuestos, en céntimos: > 0, o < 0 para un artículo `discount`.',
  'A cart line. `total_price_with_tax` is > 0, or < 0 when the article category is `discount`.':
    'Una línea del carrito. `total_price_with_tax` es > 0, o < 0 cuando la categoría del artículo es `discount`.',
  'What is sold, discriminated by `type`: product, service, accommodation, travel, flight or automobile. Each type has its own required fields.':
    'Lo que se vende, según su `type`: product, service, accommodation, travel, flight o automobile. Cada tipo tiene sus propios campos obligatorios.',
  'Article name shown to the customer.': 'Nombre del artículo que ve el cliente.',
  'Merchant reference of the article (SKU or GTIN).': 'Referencia del artículo del comercio (SKU o GTIN).',
  'Longer description.': 'Descripción más larga.',
  'Absolute http or https URL.': 'URL http o https absoluta.',
  'Unit price with taxes, in cents: > 0, or < 0 for a `discount` article.':
    'Precio unitario con impuestos, en céntimos: > 0, o < 0 para un artículo `discount`.',
  'Brand.': 'Marca.',
  'Manufacturer part number.': 'Referencia del fabricante.',
  'A product. Requires category, name, reference and unit_price_with_tax. A `discount` article has a negative `unit_price_with_tax`; every other category a positive one.':
    'Un producto. Requiere category, name, reference y unit_price_with_tax. Un artículo `discount` tiene un `unit_price_with_tax` negativo; las demás categorías, uno positivo.',
  'Unit price with taxes, in cents (> 0).': 'Precio unitario con impuestos, en céntimos (> 0).',
  'ISO 8601 date (YYYY-MM-DD).': 'Fecha ISO 8601 (YYYY-MM-DD).',
  'A service. Requires category, name, reference, unit_price_with_tax and end_date; `end_date` must be later than `start_date` (checked by the API: 400).':
    'Un servicio. Requiere category, name, reference, unit_price_with_tax y end_date; `end_date` debe ser posterior a `start_date` (lo comprueba la API: 400).',
  'Hotel or establishment name.': 'Nombre del hotel o del establecimiento.',
  'Number of guests (at least 1).': 'Número de huéspedes (al menos 1).',
  'An accommodation. Requires name, category, reference, unit_price_with_tax, checkin_date, checkout_date, establishment_name and address.':
    'Un alojamiento. Requiere name, category, reference, unit_price_with_tax, checkin_date, checkout_date, establishment_name y address.',
  'Second address line.': 'Segunda línea de la dirección.',
  'Address of an accommodation: street_address, postal_code, city and country are required.':
    'Dirección de un alojamiento: street_address, postal_code, city y country son obligatorios.',
  'Destination.': 'Destino.',
  'Number of travellers (at least 1).': 'Número de viajeros (al menos 1).',
  'A trip. Requires name, category, reference, unit_price_with_tax, travel_category, start_date, end_date and destination; `end_date` must not be before `start_date` (checked by the API: 400).':
    'Un viaje. Requiere name, category, reference, unit_price_with_tax, travel_category, start_date, end_date y destination; `end_date` no puede ser anterior a `start_date` (lo comprueba la API: 400).',
  'IATA carrier code.': 'Código IATA de la aerolínea.',
  'IATA airport code.': 'Código IATA del aeropuerto.',
  'The customer bought travel insurance.': 'El cliente ha contratado un seguro de viaje.',
  'Loyalty card number.': 'Número de la tarjeta de fidelización.',
  'Loyalty card level.': 'Nivel de la tarjeta de fidelización.',
  'A flight. Requires name, type, category, reference, unit_price_with_tax, departure_date and passengers.':
    'Un vuelo. Requiere name, type, category, reference, unit_price_with_tax, departure_date y passengers.',
  'First name.': 'Nombre.',
  'Last name.': 'Apellidos.',
  'Identity document number with no spaces.': 'Número del documento de identidad, sin espacios.',
  'A flight passenger.': 'Un pasajero del vuelo.',
  'Flight number.': 'Número de vuelo.',
  'Cabin class.': 'Clase de cabina.',
  'Reservation booking designator.': 'Clase de reserva (RBD, reservation booking designator).',
  'Fare basis code.': 'Código de base tarifaria (fare basis).',
  'Whether ancillaries (bags, seats) were bought.':
    'Si se han comprado servicios adicionales (equipaje, asientos).',
  'One leg of a flight.': 'Un tramo de un vuelo.',
  'Model.': 'Modelo.',
  'Version or trim.': 'Versión o acabado.',
  'New (true) or second-hand (false).': 'Nuevo (true) o de segunda mano (false).',
  'A vehicle. Requires name, type, category, reference, unit_price_with_tax, model, brand, version, auto_category, is_new_vehicle and specs.':
    'Un vehículo. Requiere name, type, category, reference, unit_price_with_tax, model, brand, version, auto_category, is_new_vehicle y specs.',
  'Power in CV (> 0).': 'Potencia en CV (> 0).',
  'Engine displacement in cc (> 0).': 'Cilindrada en cc (> 0).',
  'Whether the vehicle was imported.': 'Si el vehículo es importado.',
  'Vehicle identification number (VIN).': 'Número de bastidor (VIN).',
  'National vehicle code.': 'Código nacional del vehículo.',
  'Vehicle specs: body_type, fuel_type, power, engine, gear and imported are required; power and engine > 0.':
    'Características del vehículo: body_type, fuel_type, power, engine, gear e imported son obligatorios; power y engine > 0.',
  'Plate number.': 'Matrícula.',
  'Odometer reading in km (at least 0).': 'Kilometraje en km (al menos 0).',
  'Usage of a second-hand vehicle.': 'Uso de un vehículo de segunda mano.',
  'Phone number with the country code and no spaces (E.164), e.g. +34600123456.':
    'Número de teléfono con el prefijo de país y sin espacios (E.164), por ejemplo +34600123456.',
  'Postal address. `country` is ISO 3166-1 alpha-3.': 'Dirección postal. `country` es ISO 3166-1 alfa-3.',
  'Chosen term in months.': 'El plazo elegido, en meses.',
  'Embedded mode: the front end mounts the checkout with `client_secret`.':
    'Modo integrado: el frontend monta el checkout con `client_secret`.',
  "Colour: '#' followed by 3 or 6 hexadecimal digits.": "Color: '#' seguido de 3 o 6 dígitos hexadecimales.",
  "Look of the checkout: colours ('#' + 3 or 6 hex digits) and the shape of buttons and inputs.":
    "Aspecto del checkout: colores ('#' + 3 o 6 dígitos hexadecimales) y la forma de los botones y los campos.",
  'Creates the session and processes the payment intent at once: like a checkout session request, but the full customer is required. The intent uses `processed_payment_method`, or else the first of `payment_methods` with its shortest term.':
    'Crea la sesión y procesa la intención de pago en el mismo paso: como una petición de sesión de checkout, pero el cliente completo es obligatorio. La intención de pago usa `processed_payment_method` o, si no, el primero de `payment_methods` con su plazo más corto.',
  'Integration mode and its options. Omitted: embedded.':
    'Modo de integración y sus opciones. Si se omite, integrado.',
  'Hosted payment page mode: redirect the customer to `redirect_url`.':
    'Modo de página de pago alojada: redirige al cliente a `redirect_url`.',
  'Hosted payment page options.': 'Opciones de la página de pago alojada.',
  'Where the hosted page sends the customer, with `order_reference` and `checkout_session_id` appended to the query: absolute http or https URLs. Both are required when given. `cancel_url` also gets `checkout_session_status`, the status that sent the customer there (`denied`: every method was refused; `desisted`: the customer gave up; `cancelled` or `expired` on the page\u2019s link back), to choose the message you show. It is for display only: the customer can edit the URL, so decide on the order from `GET /checkout/{checkout_session_id}` or the notification.':
    'Adonde envía la página alojada al cliente, con `order_reference` y `checkout_session_id` añadidos a la query: URLs http o https absolutas. Si se indican, las dos son obligatorias. `cancel_url` recibe además `checkout_session_status`, el estado que llevó allí al cliente (`denied`: se han rechazado todos los métodos; `desisted`: el cliente ha abandonado; `cancelled` o `expired` en el enlace de vuelta de la página), para elegir el mensaje que muestras. Es solo para mostrar: el cliente puede editar la URL, así que decide sobre el pedido a partir de `GET /checkout/{checkout_session_id}` o de la notificación.',
  'Title of the hosted page.': 'Título de la página alojada.',
  'Logo shown in a 120x60 px container: an absolute http or https URL of an SVG, PNG, JPG or JPEG (transparent background recommended).':
    'Logo que se muestra en un contenedor de 120x60 px: una URL http o https absoluta de un SVG, PNG, JPG o JPEG (se recomienda fondo transparente).',
  'Title and logo of the hosted page.': 'Título y logo de la página alojada.',
  'Amount in cents.': 'Importe en céntimos.',
  'An amount in cents with its currency.': 'Un importe en céntimos con su moneda.',
  'The merchant `order_reference_1`.': 'El `order_reference_1` del comercio.',
  'The merchant `order_reference_2`.': 'El `order_reference_2` del comercio.',
  'The cart as returned: amounts are `{amount, currency}` objects.':
    'El carrito tal como se devuelve: los importes son objetos `{amount, currency}`.',
  'Whether this line has been captured: true once its capture is approved, the moment it counts in `captured_amount` and can be refunded. An asynchronous capture waits `pending` in `captures` (its `item_ids` name the line) until then.':
    'Si esta línea se ha capturado: pasa a true cuando se aprueba su captura, en el momento en que cuenta en `captured_amount` y se puede reembolsar. Hasta entonces, una captura asíncrona espera `pending` en `captures` (sus `item_ids` nombran la línea).',
  'Whether this line has been refunded by item.': 'Si esta línea se ha reembolsado por artículo.',
  'A cart line as returned. Its `id` is what `refunded_item_ids` of a refund takes. `captured` and `refunded` track order management.':
    'Una línea del carrito tal como se devuelve. Su `id` es lo que recibe `refunded_item_ids` en un reembolso. `captured` y `refunded` siguen la gestión del pedido.',
  'Article category (see the request article types).':
    'Categoría del artículo (consulta los tipos de artículo de la petición).',
  'An article as returned: `price` replaces `unit_price_with_tax`, and the type-specific fields of the request (brand, dates, passengers, specs…) are returned as sent.':
    'Un artículo tal como se devuelve: `price` sustituye a `unit_price_with_tax`, y los campos propios de cada tipo de la petición (marca, fechas, pasajeros, características…) se devuelven tal como se enviaron.',
  'Create (or update) a hosted-payment-page checkout session. `merchant`, `cart` and `ui` (mode hpp) are required.':
    'Crea (o modifica) una sesión de checkout con página de pago alojada. `merchant`, `cart` y `ui` (modo hpp) son obligatorios.',
  'A checkout session request in either mode; `ui.mode` chooses (default embedded).':
    'Una petición de sesión de checkout en cualquiera de los dos modos; `ui.mode` elige (por defecto, integrado).',
}
