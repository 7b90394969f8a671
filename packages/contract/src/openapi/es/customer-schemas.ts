/** Spanish texts of the customer, shipping and billing schemas (src/customer.ts, src/shipping-billing.ts). */
export const CUSTOMER_SCHEMA_TEXTS: Readonly<Record<string, string>> = {
  'Street and number.': 'Calle y número.',
  'Postal code.': 'Código postal.',
  'City.': 'Ciudad.',
  'The customer: first and last name are required.':
    'El cliente: el nombre y los apellidos son obligatorios.',
  'Name of the shipping option or recipient place.': 'Nombre de la opción de envío o del lugar de entrega.',
  'Recipient first name.': 'Nombre del destinatario.',
  'Recipient last name.': 'Apellidos del destinatario.',
  'Company.': 'Empresa.',
  'Shipping: name, first_name, last_name and address are required.':
    'Envío: name, first_name, last_name y address son obligatorios.',
  'Company tax id (CIF/SIREN), no spaces.': 'Identificador fiscal de la empresa (CIF/SIREN), sin espacios.',
  'Billing: first_name, last_name and address are required.':
    'Facturación: first_name, last_name y address son obligatorios.',
  'The full customer a payment intent request needs: contact, identity document, family situation, residence, professional details and income, with their conditional rules.':
    'El cliente completo que necesita una petición de intención de pago: contacto, documento de identidad, situación familiar, residencia, datos profesionales e ingresos, con sus reglas condicionales.',
  'Deprecated misspelling of `birth_date`, accepted on input only and renamed to `birth_date`.':
    'Variante mal escrita y obsoleta de `birth_date`: solo se acepta en la entrada y se renombra a `birth_date`.',
  'Identity document. `expeditor` is the issuing country.':
    'Documento de identidad. `expeditor` es el país que lo expide.',
  'Number of dependent children.': 'Número de hijos a cargo.',
  'Family situation.': 'Situación familiar.',
  '`regime` is required when `status` is `married`.': '`regime` es obligatorio cuando `status` es `married`.',
  'Main residence.': 'Residencia habitual.',
  'Extra details (stairs, block…).': 'Datos adicionales (escalera, bloque…).',
  'Floor.': 'Piso.',
  'Door.': 'Puerta.',
  'Building.': 'Edificio.',
  'Address of the main residence.': 'Dirección de la residencia habitual.',
  'Whether the property has a mortgage.': 'Si la vivienda tiene hipoteca.',
  '`property_type` and `mortgage` are required when `type` is `ownership`.':
    '`property_type` y `mortgage` son obligatorios cuando `type` es `ownership`.',
  'Monthly mortgage or rent, in cents.': 'Hipoteca o alquiler mensual, en céntimos.',
  'Monthly housing expenses.': 'Gastos mensuales de vivienda.',
  'Deprecated misspelling of `employment_status`, accepted on input only and renamed.':
    'Variante mal escrita y obsoleta de `employment_status`: solo se acepta en la entrada y se renombra.',
  'Position or job title.': 'Puesto o cargo.',
  '`professional_position` and `company_info` are required for employed, temporary_employed, civil_servant, trainee, casual_worker and self_employed; `company_info.company_contract_end_date` for temporary_employed.':
    '`professional_position` y `company_info` son obligatorios para employed, temporary_employed, civil_servant, trainee, casual_worker y self_employed; `company_info.company_contract_end_date`, para temporary_employed.',
  'Company activity.': 'Actividad de la empresa.',
  'Company name.': 'Nombre de la empresa.',
  'Company city.': 'Ciudad de la empresa.',
  'Employer. `company_contract_end_date` is required for `temporary_employed`.':
    'Empleador. `company_contract_end_date` es obligatorio para `temporary_employed`.',
  'Time in the company.': 'Antigüedad en la empresa.',
  'IBAN of the account where the income is paid, upper case and without spaces.':
    'IBAN de la cuenta en la que se cobran los ingresos, en mayúsculas y sin espacios.',
  'Income.': 'Ingresos.',
  'Net income: `annual` is required when `type` is annual, `monthly` when monthly.':
    'Ingresos netos: `annual` es obligatorio cuando `type` es annual, y `monthly` cuando es monthly.',
  'Net income in cents.': 'Ingresos netos en céntimos.',
  'A net income figure.': 'Una cifra de ingresos netos.',
  'The customer as returned.': 'El cliente tal como se devuelve.',
  'The request `company`.': 'El `company` de la petición.',
  'Shipping as returned: `business_name` and a nested `customer`.':
    'El envío tal como se devuelve: `business_name` y un `customer` anidado.',
  'A person as returned in shipping and billing.':
    'Una persona tal como se devuelve en el envío y la facturación.',
  'Billing as returned: `business_name` and a nested `customer`.':
    'La facturación tal como se devuelve: `business_name` y un `customer` anidado.',
}
