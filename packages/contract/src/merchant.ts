import Type from 'typebox'
import { CheckoutMode, enumOf } from './enums.ts'
import { FutureDateTimeSchema, NonEmptyString, UrlSchema } from './primitives.ts'

export const CertificateAuthSchema = Type.Object(
  {
    authorization_cert: Type.Boolean({
      description:
        'When true, notifications are sent over TLS presenting the Plazo client certificate; download the certificate and its CA to trust it.',
    }),
  },
  {
    title: 'CertificateNotificationAuth',
    additionalProperties: false,
    description: 'Mutual-TLS client certificate.',
  },
)

export const StaticHeaderAuthSchema = Type.Object(
  {
    authorization_header: NonEmptyString(
      'Value sent as the `Authorization` header of every notification.',
      1024,
    ),
    content_type: Type.Optional(
      NonEmptyString('Value of the `Content-Type` header (default application/json).', 128),
    ),
  },
  {
    title: 'StaticHeaderNotificationAuth',
    additionalProperties: false,
    description: 'A static Authorization header.',
  },
)

export const OAuth2PasswordAuthSchema = Type.Object(
  {
    url: { ...UrlSchema, description: 'The token endpoint: an absolute http or https URL.' },
    client_id: NonEmptyString('OAuth2 client id.'),
    client_secret: NonEmptyString('OAuth2 client secret.'),
    username: NonEmptyString('Resource owner username.'),
    password: NonEmptyString('Resource owner password.'),
  },
  {
    title: 'OAuth2PasswordNotificationAuth',
    additionalProperties: false,
    description:
      'OAuth2 password grant: Plazo fetches a token from `url`, caches it until it expires, fetches a new one after a 401, and sends it as a Bearer token.',
  },
)

export const NotificationAuthSchema = Type.Unsafe<
  | Type.Static<typeof CertificateAuthSchema>
  | Type.Static<typeof StaticHeaderAuthSchema>
  | Type.Static<typeof OAuth2PasswordAuthSchema>
>({
  title: 'NotificationAuth',
  description: 'How notifications authenticate to `notification_url`: one of three forms.',
  oneOf: [CertificateAuthSchema, StaticHeaderAuthSchema, OAuth2PasswordAuthSchema],
})

export const MerchantSchema = Type.Object(
  {
    order_reference_1: NonEmptyString(
      'Your order reference. Appended to the success and cancel URLs as `order_reference`.',
      128,
    ),
    order_reference_2: Type.Optional(NonEmptyString('A second order reference.', 128)),
    store_reference: Type.Optional(NonEmptyString('Store reference.', 128)),
    seller_reference: Type.Optional(NonEmptyString('Seller reference.', 128)),
    checkout_mode: Type.Optional(
      enumOf(CheckoutMode.values, { default: 'auto_capture', description: CheckoutMode.description }),
    ),
    notification_url: Type.Optional({
      ...UrlSchema,
      description:
        'Where Plazo POSTs the notifications of this session: an absolute http or https URL. Without it, the URL configured for the merchant account, if any.',
    }),
    notification_auth: Type.Optional(NotificationAuthSchema),
    notification_additional_payload: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description: 'Any JSON object, echoed as `additional_payload` in every notification of this session.',
      }),
    ),
    max_interval_in_minutes_for_confirm: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'An order approved but not confirmed within this many minutes is cancelled (e.g. 1440).',
      }),
    ),
    max_interval_in_minutes_for_capture: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'A confirmed order not captured within this many minutes is cancelled (e.g. 15).',
      }),
    ),
    invitation_expires_on_date: Type.Optional(
      FutureDateTimeSchema('The invitation sent to the customer (hosted page link) expires then.'),
    ),
  },
  {
    title: 'Merchant',
    additionalProperties: false,
    description: 'Merchant data of the order. `order_reference_1` is required.',
  },
)
