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
    expect(f.checkValues(fields, filled)).toEqual({})
    const customer = f.customerFrom(fields, filled)
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
    expect(f.checkValues(fields, single)).toEqual({})
    expect(validate(FullCustomerSchema, f.customerFrom(fields, single)).ok).toBe(true)
    const married = { ...single, 'familiar_situation_details.marital.status': 'married' }
    expect(f.checkValues(fields, married)).toEqual({
      'familiar_situation_details.marital.regime': 'required',
    })
    expect(validate(FullCustomerSchema, f.customerFrom(fields, married)).ok).toBe(false)
    const retired = {
      ...filled,
      'professional_details.employment_status': 'retired',
      'professional_details.professional_position': '',
    }
    expect(f.checkValues(fields, retired)).toEqual({})
    const noEnd = { ...filled, 'professional_details.company_info.company_contract_end_date': '' }
    expect(f.checkValues(fields, noEnd)).toEqual({
      'professional_details.company_info.company_contract_end_date': 'required',
    })
  })

  it('refuses in the browser what the API refuses: phone, document, date and IBAN formats', () => {
    const fields = f.fieldsFor('full')
    const wrong = {
      ...filled,
      phone_number: '600 123 456',
      document_number: '1234 5678Z',
      'document_details.birth_date': '12/04/1990',
      'income.account_number': 'ES91 2100',
    }
    expect(f.checkValues(fields, wrong)).toEqual({
      phone_number: 'phone',
      document_number: 'document',
      'document_details.birth_date': 'date',
      'income.account_number': 'iban',
    })
    expect(validate(FullCustomerSchema, f.customerFrom(fields, wrong)).ok).toBe(false)
  })

  it('the basic form needs the names only, like BasicCustomerSchema', () => {
    const fields = f.fieldsFor('basic')
    expect(f.checkValues(fields, { first_name: 'Ana' })).toEqual({ last_name: 'required' })
    const customer = f.customerFrom(fields, { first_name: 'Ana', last_name: 'García', email: ' ' })
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
