// The browser-side rules of the customer form against the contract: a form filled like the contract's
// example customer becomes a body the API accepts, and what the browser refuses the API refuses too.
import { BasicCustomerSchema, examples, FullCustomerSchema, validate } from '@plazo/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import { CONTRACT_RULES } from '../../scripts/vite-config.ts'

type Fields = typeof import('../components/CustomerForm/fields.ts')
let f: Fields

beforeAll(async () => {
  // What Vite's `define` compiles in at build time.
  ;(globalThis as Record<string, unknown>).__PLAZO_RULES__ = CONTRACT_RULES
  f = await import('../components/CustomerForm/fields.ts')
})

/** A Spanish page; the French one, where a national phone number is French. */
const ES = { locale: 'es-ES', phoneCountry: 'ES' } as const
const FR = { locale: 'fr-FR', phoneCountry: 'FR' } as const

const filled = {
  first_name: 'Ana',
  last_name: 'García',
  email: 'ana.garcia@example.com',
  phone_number: '+34600123456',
  document_number: '12345678z',
  'document_details.type': 'nif',
  'document_details.nationality': 'esp',
  'document_details.birth_date': '1990-04-12',
  'document_details.gender': 'F',
  'familiar_situation_details.marital.status': 'married',
  'familiar_situation_details.marital.regime': 'community_of_property',
  'familiar_situation_details.child_support_number': '1',
  'main_residence_details.address.street_address': 'Calle Mayor 10',
  'main_residence_details.address.postal_code': '28013',
  'main_residence_details.address.city': 'Madrid',
  'main_residence_details.address.country': 'ESP',
  'main_residence_details.ownership_details.type': 'ownership',
  'main_residence_details.ownership_details.property_type': 'apartment',
  'main_residence_details.ownership_details.mortgage': 'yes',
  'main_residence_details.home_expenses.mortgage': '650',
  'professional_details.employment_status': 'temporary_employed',
  'professional_details.professional_position': 'Nurse',
  'professional_details.company_info.name': 'Hospital Central',
  'professional_details.company_info.activity': 'Health',
  'professional_details.company_info.company_contract_end_date': '2027-06-30',
  'income.account_number': 'es9121000418450200051332',
  'income.net_income.type': 'monthly',
  'income.net_income.amount': '2800,50',
} as const

describe('customer form rules', () => {
  it('a complete full form becomes a customer the contract accepts (money in cents, codes upper-cased)', () => {
    const fields = f.fieldsFor('full')
    expect(f.checkValues(fields, filled, ES)).toEqual({})
    const customer = f.customerFrom(fields, filled, ES)
    const result = validate(FullCustomerSchema, customer)
    expect(result.ok ? [] : result.errors).toEqual([])
    expect(customer).toMatchObject({
      document_number: '12345678Z',
      document_details: { nationality: 'ESP' },
      main_residence_details: {
        ownership_details: { mortgage: true },
        home_expenses: { mortgage: 65000, currency: 'EUR' },
      },
      income: {
        account_number: 'ES9121000418450200051332',
        net_income: { type: 'monthly', monthly: { amount: 280050, currency: 'EUR' } },
      },
    })
  })

  it('asks for what the contract’s conditional rules require, and only when they apply', () => {
    const fields = f.fieldsFor('full')
    const single = {
      ...filled,
      'familiar_situation_details.marital.status': 'single',
      'familiar_situation_details.marital.regime': '',
    }
    expect(f.checkValues(fields, single, ES)).toEqual({})
    expect(validate(FullCustomerSchema, f.customerFrom(fields, single, ES)).ok).toBe(true)
    const married = { ...single, 'familiar_situation_details.marital.status': 'married' }
    expect(f.checkValues(fields, married, ES)).toEqual({
      'familiar_situation_details.marital.regime': 'required',
    })
    expect(validate(FullCustomerSchema, f.customerFrom(fields, married, ES)).ok).toBe(false)
    const retired = {
      ...filled,
      'professional_details.employment_status': 'retired',
      'professional_details.professional_position': '',
    }
    expect(f.checkValues(fields, retired, ES)).toEqual({})
    const noEnd = { ...filled, 'professional_details.company_info.company_contract_end_date': '' }
    expect(f.checkValues(fields, noEnd, ES)).toEqual({
      'professional_details.company_info.company_contract_end_date': 'required',
    })
  })

  it('refuses in the browser what the API refuses: phone, document, date and IBAN formats', () => {
    const fields = f.fieldsFor('full')
    const wrong = {
      ...filled,
      phone_number: '600 123 45',
      document_number: '1234 5678Z',
      'document_details.birth_date': '12/04/1990',
      'income.account_number': 'ES91 2100',
    }
    expect(f.checkValues(fields, wrong, ES)).toEqual({
      phone_number: 'phone',
      document_number: 'document',
      'document_details.birth_date': 'date',
      'income.account_number': 'iban',
    })
    expect(validate(FullCustomerSchema, f.customerFrom(fields, wrong, ES)).ok).toBe(false)
    // A well-formed IBAN with a wrong check digit: the contract's pattern takes it, the page does not.
    const mistyped = { ...filled, 'income.account_number': 'ES91 2100 0418 4502 0005 1333' }
    expect(f.checkValues(fields, mistyped, ES)).toEqual({ 'income.account_number': 'iban' })
  })

  it('takes amounts, phone numbers and IBANs as people write them, and sends what the contract takes (issue 41)', () => {
    const fields = f.fieldsFor('full')
    const spanish = {
      ...filled,
      phone_number: '600 123 456',
      'income.account_number': 'es91 2100 0418 4502 0005 1332',
      'income.net_income.amount': '2.500',
      'main_residence_details.home_expenses.mortgage': '1.200',
    }
    expect(f.checkValues(fields, spanish, ES)).toEqual({})
    const customer = f.customerFrom(fields, spanish, ES)
    const result = validate(FullCustomerSchema, customer)
    expect(result.ok ? [] : result.errors).toEqual([])
    expect(customer).toMatchObject({
      phone_number: '+34600123456',
      main_residence_details: { home_expenses: { mortgage: 120000, currency: 'EUR' } },
      income: {
        account_number: 'ES9121000418450200051332',
        net_income: { monthly: { amount: 250000, currency: 'EUR' } },
      },
    })
    const french = {
      ...spanish,
      phone_number: '06 12 34 56 78',
      'income.account_number': 'FR76 3000 6000 0112 3456 7890 189',
      'income.net_income.amount': '2\u202f500,50',
      'main_residence_details.home_expenses.mortgage': '1 200',
    }
    expect(f.checkValues(fields, french, FR)).toEqual({})
    expect(f.customerFrom(fields, french, FR)).toMatchObject({
      phone_number: '+33612345678',
      main_residence_details: { home_expenses: { mortgage: 120000 } },
      income: { account_number: 'FR7630006000011234567890189', net_income: { monthly: { amount: 250050 } } },
    })
  })

  it('names what is wrong with an amount in the page’s terms', () => {
    const fields = f.fieldsFor('full')
    const income = (amount: string, context: typeof ES | typeof FR = ES) =>
      f.checkValues(fields, { ...filled, 'income.net_income.amount': amount }, context)[
        'income.net_income.amount'
      ]
    expect(income('2.5')).toBe('amountGrouping')
    expect(income('2500,505')).toBe('amountDecimals')
    expect(income('dos mil')).toBe('amountFormat')
    expect(income('-10')).toBe('amount')
    expect(income('2500.5', FR)).toBe('amountGrouping')
    expect(income('2 500,5', FR)).toBeUndefined()
  })

  it('shows amounts back in the page’s format and IBANs in groups of four when the customer leaves them', () => {
    const fields = f.fieldsFor('full')
    const field = (path: string) => fields.find((x) => x.path === path) as (typeof fields)[number]
    const income = field('income.net_income.amount')
    expect(f.tidy(income, '2.500,5', ES)).toBe('2500,50')
    expect(f.tidy(income, '25000', ES)).toBe('25.000')
    expect(f.tidy(income, '2 500', FR)).toBe('2\u202f500')
    expect(f.tidy(income, '2.5', ES)).toBe('2.5')
    expect(f.tidy(field('income.account_number'), 'es9121000418450200051332', ES)).toBe(
      'ES91 2100 0418 4502 0005 1332',
    )
    expect(f.tidy(field('phone_number'), '600 123 456', ES)).toBe('600 123 456')
    // A change of language rewrites the amounts, so that nothing typed is read in another convention.
    const values = { 'income.net_income.amount': '25.000,5', first_name: 'Ana' }
    expect(f.relocalise(fields, values, 'es-ES', 'en-IE')).toEqual({
      'income.net_income.amount': '25,000.50',
      first_name: 'Ana',
    })
  })

  it('the basic form needs the names only, like BasicCustomerSchema', () => {
    const fields = f.fieldsFor('basic')
    expect(f.checkValues(fields, { first_name: 'Ana' }, ES)).toEqual({ last_name: 'required' })
    const customer = f.customerFrom(fields, { first_name: 'Ana', last_name: 'García', email: ' ' }, ES)
    expect(customer).toEqual({ first_name: 'Ana', last_name: 'García' })
    expect(validate(BasicCustomerSchema, customer).ok).toBe(true)
    expect(validate(BasicCustomerSchema, examples.FULL_CUSTOMER_EXAMPLE).ok).toBe(false)
  })

  it('puts each server error on its field', () => {
    const fields = f.fieldsFor('full')
    const on = (field: string, keyword = 'required') =>
      f.fieldOfError(fields, filled, { field, message: '', keyword })
    expect(on('/customer/phone_number', 'pattern')).toBe('phone_number')
    expect(on('/customer/income/net_income/monthly/amount', 'minimum')).toBe('income.net_income.amount')
    expect(on('/customer/income/net_income/monthly')).toBe('income.net_income.amount')
    expect(on('/customer/document_details')).toBe('document_details.type')
    expect(on('/period', 'enum')).toBeUndefined()
    expect(
      f.errorKeyOf(
        fields.find((x) => x.path === 'phone_number'),
        { field: '', message: '', keyword: 'pattern' },
      ),
    ).toBe('phone')
  })
})
