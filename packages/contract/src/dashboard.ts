import Type from 'typebox'
import { EventStreamMessageSchema } from './developer-tools.ts'
import { PurchaseCountry } from './enums.ts'
import { DateTimeSchema, EmailSchema, UuidSchema } from './primitives.ts'

/**
 * The sandbox dashboard's own calls (`<PLAZO_PUBLIC_URL>/dashboard/api/…`, sandbox only): sign-up, sign-in and
 * the account. Not part of the merchant API (no OpenAPI document shows them): the dashboard app and the API's
 * dashboard routes share them here so that neither writes them twice. Everything else the dashboard reads goes
 * through `/dashboard/api/v2/…`, the merchant API itself (docs/adr/0016).
 */

/** The shortest password a sandbox account may have. */
export const ACCOUNT_PASSWORD_MIN_LENGTH = 12
/** The longest: a password is hashed with scrypt, which need not read megabytes. */
export const ACCOUNT_PASSWORD_MAX_LENGTH = 256
export const ACCOUNT_NAME_MAX_LENGTH = 100

const PasswordSchema = Type.String({
  minLength: ACCOUNT_PASSWORD_MIN_LENGTH,
  maxLength: ACCOUNT_PASSWORD_MAX_LENGTH,
  description: `At least ${ACCOUNT_PASSWORD_MIN_LENGTH} characters.`,
})

export const SignUpRequestSchema = Type.Object(
  {
    business_name: Type.String({
      minLength: 1,
      maxLength: ACCOUNT_NAME_MAX_LENGTH,
      pattern: '\\S',
      description: 'The merchant name customers see.',
    }),
    email: { ...EmailSchema, description: 'The account\u2019s e-mail: its API username.' },
    password: PasswordSchema,
    default_country: PurchaseCountry.schema,
    signup_code: Type.Optional(
      Type.String({ maxLength: 200, description: 'Required when the sandbox sets PLAZO_SIGNUP_CODE.' }),
    ),
  },
  { title: 'SignUpRequest', additionalProperties: false },
)

export const SignInRequestSchema = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { title: 'SignInRequest', additionalProperties: false },
)

export const PasswordChangeRequestSchema = Type.Object(
  {
    current_password: Type.String({ minLength: 1, maxLength: 1024 }),
    new_password: PasswordSchema,
  },
  { title: 'PasswordChangeRequest', additionalProperties: false },
)

export const AccountDeleteRequestSchema = Type.Object(
  {
    email: Type.String({
      minLength: 1,
      maxLength: 254,
      description: 'The account\u2019s e-mail, typed again.',
    }),
  },
  { title: 'AccountDeleteRequest', additionalProperties: false },
)

export const SessionSearchQuerySchema = Type.Object(
  {
    q: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'A session id or part of an order reference.',
    }),
  },
  { additionalProperties: false },
)

export const DashboardAccountSchema = Type.Object(
  {
    merchant_id: UuidSchema,
    business_name: Type.String(),
    email: Type.String({ description: 'The API username.' }),
    default_country: PurchaseCountry.schema,
    /** Demo Store and Other Shop: shared, seeded at every start, never deleted. */
    seeded: Type.Boolean(),
    public_url: Type.String({ description: 'PLAZO_PUBLIC_URL.' }),
    api_url: Type.String({ description: 'PLAZO_PUBLIC_URL + /api/v2.' }),
    clock: Type.Object({ now: DateTimeSchema, offset_minutes: Type.Integer({ minimum: 0 }) }),
  },
  { title: 'DashboardAccount' },
)

export const DashboardConfigSchema = Type.Object(
  { signup_code_required: Type.Boolean() },
  { title: 'DashboardConfig' },
)

const { payload: _body, ...eventFields } = EventStreamMessageSchema.properties

/**
 * The `data` of each message of the dashboard's live stream (`GET /dashboard/api/stream`, Server-Sent Events,
 * signed in by the dashboard's cookie): an event of the signed-in merchant was written or sent again. The
 * merchant API's stream message without its notification body: the page only learns what changed and reads it.
 */
export const DashboardStreamMessageSchema = Type.Object(eventFields, {
  title: 'DashboardStreamMessage',
  additionalProperties: false,
})

/** The `data` of a `session` message of the dashboard's live stream: a session of the merchant was created. */
export const DashboardNewSessionMessageSchema = Type.Object(
  { checkout_session_id: eventFields.checkout_session_id },
  { title: 'DashboardNewSessionMessage', additionalProperties: false },
)

export type SignUpRequest = Type.Static<typeof SignUpRequestSchema>
export type SignInRequest = Type.Static<typeof SignInRequestSchema>
export type PasswordChangeRequest = Type.Static<typeof PasswordChangeRequestSchema>
export type AccountDeleteRequest = Type.Static<typeof AccountDeleteRequestSchema>
export type DashboardAccount = Type.Static<typeof DashboardAccountSchema>
export type DashboardConfig = Type.Static<typeof DashboardConfigSchema>
export type DashboardStreamMessage = Type.Static<typeof DashboardStreamMessageSchema>
export type DashboardNewSessionMessage = Type.Static<typeof DashboardNewSessionMessageSchema>
