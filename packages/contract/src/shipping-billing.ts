import Type from 'typebox'
import { ShippingMethod } from './enums.ts'
import { AddressSchema, EmailSchema, NonEmptyString, Nullable, PhoneNumberSchema } from './primitives.ts'

export const ShippingSchema = Type.Object(
  {
    name: NonEmptyString('Name of the shipping option or recipient place.'),
    method: Type.Optional(ShippingMethod.schema),
    first_name: NonEmptyString('Recipient first name.'),
    last_name: NonEmptyString('Recipient last name.'),
    company: Type.Optional(NonEmptyString('Company.')),
    email: Type.Optional(EmailSchema),
    phone_number: Type.Optional(PhoneNumberSchema),
    address: AddressSchema,
  },
  {
    title: 'Shipping',
    additionalProperties: false,
    description: 'Shipping: name, first_name, last_name and address are required.',
  },
)

export const BillingSchema = Type.Object(
  {
    first_name: NonEmptyString('First name.'),
    last_name: NonEmptyString('Last name.'),
    company: Type.Optional(NonEmptyString('Company.')),
    corporate_id_number: Type.Optional(
      Type.String({
        pattern: '^[^\\s]+$',
        maxLength: 32,
        description: 'Company tax id (CIF/SIREN), no spaces.',
      }),
    ),
    email: Type.Optional(EmailSchema),
    phone_number: Type.Optional(PhoneNumberSchema),
    address: AddressSchema,
  },
  {
    title: 'Billing',
    additionalProperties: false,
    description: 'Billing: first_name, last_name and address are required.',
  },
)

const ContactSchema = Type.Object(
  {
    name: Type.Object({ first: Type.String(), last: Type.String() }),
    email: Nullable(Type.String()),
    phone: Nullable(Type.String()),
  },
  { title: 'ReadContact', description: 'A person as returned in shipping and billing.' },
)

export const ReadShippingSchema = Type.Object(
  {
    name: Type.String(),
    method: Nullable(ShippingMethod.schema),
    business_name: Nullable(Type.String({ description: 'The request `company`.' })),
    customer: ContactSchema,
    address: AddressSchema,
  },
  { title: 'ReadShipping', description: 'Shipping as returned: `business_name` and a nested `customer`.' },
)

export const ReadBillingSchema = Type.Object(
  {
    business_name: Nullable(Type.String({ description: 'The request `company`.' })),
    corporate_id_number: Nullable(Type.String()),
    customer: ContactSchema,
    address: AddressSchema,
  },
  { title: 'ReadBilling', description: 'Billing as returned: `business_name` and a nested `customer`.' },
)
