import Type from 'typebox'
import {
  DocumentType,
  EmploymentStatus,
  enumOf,
  Gender,
  MaritalRegime,
  MaritalStatus,
  NetIncomeType,
  OwnershipType,
  PropertyType,
} from './enums.ts'
import {
  AddressSchema,
  Alpha3CountrySchema,
  CurrencySchema,
  DateSchema,
  DocumentNumberSchema,
  EmailSchema,
  NonEmptyString,
  Nullable,
  PhoneNumberSchema,
} from './primitives.ts'

/** The customer of a checkout session request: names required, contact optional (spec §3 "Basic"). */
export const BasicCustomerSchema = Type.Object(
  {
    first_name: NonEmptyString('First name.'),
    last_name: NonEmptyString('Last name.'),
    email: Type.Optional(EmailSchema),
    phone_number: Type.Optional(PhoneNumberSchema),
    document_number: Type.Optional(DocumentNumberSchema),
  },
  {
    title: 'Customer',
    additionalProperties: false,
    description: 'The customer: first and last name are required.',
  },
)

export const DocumentDetailsSchema = Type.Object(
  {
    type: DocumentType.schema,
    expeditor: Type.Optional(Alpha3CountrySchema),
    nationality: Alpha3CountrySchema,
    expiration: Type.Optional(DateSchema),
    birth_date: DateSchema,
    birt_date: Type.Optional(
      Type.String({
        format: 'date',
        maxLength: 10,
        deprecated: true,
        description:
          'Deprecated misspelling of `birth_date`, accepted on input only and renamed to `birth_date`.',
      }),
    ),
    gender: Gender.schema,
    birth_place_address: Type.Optional(AddressSchema),
  },
  {
    title: 'DocumentDetails',
    additionalProperties: false,
    description: 'Identity document. `expeditor` is the issuing country.',
  },
)

export const MaritalSchema = Type.Object(
  {
    status: MaritalStatus.schema,
    regime: Type.Optional(MaritalRegime.schema),
  },
  {
    title: 'Marital',
    additionalProperties: false,
    description: '`regime` is required when `status` is `married`.',
    if: { properties: { status: { const: 'married' } }, required: ['status'] },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema keyword
    then: { required: ['regime'] },
  },
)

export const FamiliarSituationDetailsSchema = Type.Object(
  {
    marital: MaritalSchema,
    child_support_number: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Number of dependent children.' }),
    ),
  },
  { title: 'FamiliarSituationDetails', additionalProperties: false, description: 'Family situation.' },
)

export const ResidenceAddressSchema = Type.Object(
  {
    street_address: NonEmptyString('Street and number.'),
    street_address_2: Type.Optional(Type.String({ maxLength: 255 })),
    postal_code: NonEmptyString('Postal code.', 16),
    city: NonEmptyString('City.'),
    country: Alpha3CountrySchema,
    details: Type.Optional(Type.String({ maxLength: 255, description: 'Extra details (stairs, block…).' })),
    floor_number: Type.Optional(Type.String({ maxLength: 16, description: 'Floor.' })),
    door_number: Type.Optional(Type.String({ maxLength: 16, description: 'Door.' })),
    building: Type.Optional(Type.String({ maxLength: 64, description: 'Building.' })),
  },
  { title: 'ResidenceAddress', additionalProperties: false, description: 'Address of the main residence.' },
)

export const OwnershipDetailsSchema = Type.Object(
  {
    type: OwnershipType.schema,
    property_type: Type.Optional(PropertyType.schema),
    mortgage: Type.Optional(Type.Boolean({ description: 'Whether the property has a mortgage.' })),
  },
  {
    title: 'OwnershipDetails',
    additionalProperties: false,
    description: '`property_type` and `mortgage` are required when `type` is `ownership`.',
    if: { properties: { type: { const: 'ownership' } }, required: ['type'] },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema keyword
    then: { required: ['property_type', 'mortgage'] },
  },
)

export const HomeExpensesSchema = Type.Object(
  {
    mortgage: Type.Integer({ minimum: 0, description: 'Monthly mortgage or rent, in cents.' }),
    currency: CurrencySchema,
  },
  { title: 'HomeExpenses', additionalProperties: false, description: 'Monthly housing expenses.' },
)

export const MainResidenceDetailsSchema = Type.Object(
  {
    address: ResidenceAddressSchema,
    ownership_details: OwnershipDetailsSchema,
    home_expenses: Type.Optional(HomeExpensesSchema),
    entrance_date: Type.Optional(DateSchema),
  },
  { title: 'MainResidenceDetails', additionalProperties: false, description: 'Main residence.' },
)

export const SenioritySchema = Type.Object(
  {
    months: Type.Integer({ minimum: 0, maximum: 11 }),
    years: Type.Integer({ minimum: 0 }),
  },
  { title: 'Seniority', additionalProperties: false, description: 'Time in the company.' },
)

export const CompanyInfoSchema = Type.Object(
  {
    activity: NonEmptyString('Company activity.'),
    name: NonEmptyString('Company name.'),
    city: Type.Optional(NonEmptyString('Company city.')),
    seniority: Type.Optional(SenioritySchema),
    company_contract_end_date: Type.Optional(DateSchema),
  },
  {
    title: 'CompanyInfo',
    additionalProperties: false,
    description: 'Employer. `company_contract_end_date` is required for `temporary_employed`.',
  },
)

const employedStatuses = [
  'employed',
  'temporary_employed',
  'civil_servant',
  'trainee',
  'casual_worker',
  'self_employed',
]

export const ProfessionalDetailsSchema = Type.Object(
  {
    employment_status: EmploymentStatus.schema,
    employment_sattus: Type.Optional(
      enumOf(EmploymentStatus.values, {
        deprecated: true,
        description: 'Deprecated misspelling of `employment_status`, accepted on input only and renamed.',
      }),
    ),
    professional_position: Type.Optional(NonEmptyString('Position or job title.')),
    company_info: Type.Optional(CompanyInfoSchema),
  },
  {
    title: 'ProfessionalDetails',
    additionalProperties: false,
    description:
      '`professional_position` and `company_info` are required for employed, temporary_employed, civil_servant, trainee, casual_worker and self_employed; `company_info.company_contract_end_date` for temporary_employed.',
    allOf: [
      {
        if: {
          properties: { employment_status: { enum: employedStatuses } },
          required: ['employment_status'],
        },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema keyword
        then: { required: ['professional_position', 'company_info'] },
      },
      {
        if: {
          properties: { employment_status: { const: 'temporary_employed' } },
          required: ['employment_status'],
        },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema keyword
        then: { properties: { company_info: { required: ['company_contract_end_date'] } } },
      },
    ],
  },
)

export const IncomeAmountSchema = Type.Object(
  {
    amount: Type.Integer({ minimum: 0, description: 'Net income in cents.' }),
    currency: CurrencySchema,
  },
  { title: 'IncomeAmount', additionalProperties: false, description: 'A net income figure.' },
)

export const NetIncomeSchema = Type.Object(
  {
    type: NetIncomeType.schema,
    annual: Type.Optional(IncomeAmountSchema),
    monthly: Type.Optional(IncomeAmountSchema),
  },
  {
    title: 'NetIncome',
    additionalProperties: false,
    description: 'Net income: `annual` is required when `type` is annual, `monthly` when monthly.',
    allOf: [
      {
        if: { properties: { type: { const: 'annual' } }, required: ['type'] },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema keyword
        then: { required: ['annual'] },
      },
      {
        if: { properties: { type: { const: 'monthly' } }, required: ['type'] },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema keyword
        then: { required: ['monthly'] },
      },
    ],
  },
)

export const IncomeSchema = Type.Object(
  {
    account_number: Type.String({
      pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$',
      maxLength: 34,
      description: 'IBAN of the account where the income is paid, upper case and without spaces.',
      examples: ['ES9121000418450200051332'],
    }),
    net_income: NetIncomeSchema,
  },
  { title: 'Income', additionalProperties: false, description: 'Income.' },
)

/** Required for payment intent requests (spec §3 "Full"). */
export const FullCustomerSchema = Type.Object(
  {
    first_name: NonEmptyString('First name.'),
    last_name: NonEmptyString('Last name.'),
    email: EmailSchema,
    phone_number: PhoneNumberSchema,
    document_number: DocumentNumberSchema,
    document_details: DocumentDetailsSchema,
    familiar_situation_details: FamiliarSituationDetailsSchema,
    main_residence_details: MainResidenceDetailsSchema,
    professional_details: ProfessionalDetailsSchema,
    income: IncomeSchema,
  },
  {
    title: 'FullCustomer',
    additionalProperties: false,
    description:
      'The full customer a payment intent request needs: contact, identity document, family situation, residence, professional details and income, with their conditional rules.',
  },
)

/** The customer as returned on read. */
export const ReadCustomerSchema = Type.Object(
  {
    full_name: Type.Object({ first_name: Type.String(), last_name: Type.String() }),
    email: Nullable(Type.String()),
    phone_number: Nullable(Type.String()),
    document_number: Nullable(Type.String()),
  },
  { title: 'ReadCustomer', description: 'The customer as returned.' },
)
