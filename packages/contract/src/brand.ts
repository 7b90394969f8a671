/** The working brand. One value, so a deployment can rename the product. */
export const BRAND = 'Plazo'
export const SUPPORT_EMAIL = 'developers@plazo.example'

/**
 * The lender that grants the credit of every financed payment method: who the customer contracts the credit
 * with. The hosted page and the embedded checkout name it beside the offer, and the SECCI opens with it
 * (Directive 2008/48/EC, Annex II, section 1). The sandbox's lender is fictitious, like its register number;
 * its decisions are the sandbox lender's (packages/api/src/domain/lender/sandbox-lender.ts).
 */
export const LENDER = {
  name: `${BRAND} Financiación Sandbox, E.F.C., S.A.`,
  address: 'Calle de Ejemplo 1, 28001 Madrid, España',
  phone: '+34 900 000 000',
  email: 'creditos@plazo.example',
  website: 'https://plazo.example/credito',
  registration: 'Banco de España, Registro de Entidades n.º 8999',
  supervisor: 'Banco de España',
} as const
