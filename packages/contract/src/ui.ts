import Type from 'typebox'
import { CustomizationShape } from './enums.ts'
import {
  FutureDateTimeSchema,
  HexColorSchema,
  HTTP_URL_PREFIX,
  NonEmptyString,
  UrlSchema,
} from './primitives.ts'

export const CustomizationSchema = Type.Object(
  {
    color_text: Type.Optional(HexColorSchema),
    color_brand: Type.Optional(HexColorSchema),
    color_brand_foreground: Type.Optional(HexColorSchema),
    color_border: Type.Optional(HexColorSchema),
    color_background: Type.Optional(HexColorSchema),
    shape: Type.Optional(CustomizationShape.schema),
  },
  {
    title: 'Customization',
    additionalProperties: false,
    description:
      "Look of the checkout: colours ('#' + 3 or 6 hex digits) and the shape of buttons and inputs.",
  },
)

export const MerchantUrlsSchema = Type.Object(
  {
    success_url: UrlSchema,
    cancel_url: UrlSchema,
  },
  {
    title: 'MerchantUrls',
    additionalProperties: false,
    description:
      'Where the hosted page sends the customer, with `order_reference` and `checkout_session_id` appended to the query: absolute http or https URLs. Both are required when given. `cancel_url` also gets `checkout_session_status`, the status that sent the customer there (`denied`: every method was refused; `desisted`: the customer gave up; `cancelled` or `expired` on the page\u2019s link back), to choose the message you show. It is for display only: the customer can edit the URL, so decide on the order from `GET /checkout/{checkout_session_id}` or the notification.',
  },
)

export const HppCustomizationSchema = Type.Object(
  {
    page_title: Type.Optional(NonEmptyString('Title of the hosted page.', 120)),
    logo_url: Type.Optional(
      Type.String({
        format: 'uri',
        pattern: `${HTTP_URL_PREFIX}.*\\.([sS][vV][gG]|[pP][nN][gG]|[jJ][pP][eE]?[gG])(\\?.*)?$`,
        maxLength: 2048,
        description:
          'Logo shown in a 120x60 px container: an absolute http or https URL of an SVG, PNG, JPG or JPEG (transparent background recommended).',
        'x-error-message': 'must be an http or https URL whose path ends in .svg, .png, .jpg or .jpeg',
      }),
    ),
  },
  {
    title: 'HppCustomization',
    additionalProperties: false,
    description: 'Title and logo of the hosted page.',
  },
)

export const HppOptionsSchema = Type.Object(
  {
    merchant_urls: Type.Optional(MerchantUrlsSchema),
    customization: Type.Optional(HppCustomizationSchema),
    expires_at: Type.Optional(FutureDateTimeSchema('The hosted payment page expires then.')),
  },
  { title: 'HppOptions', additionalProperties: false, description: 'Hosted payment page options.' },
)

export const EmbeddedUiSchema = Type.Object(
  {
    mode: Type.Literal('embedded'),
    customization: Type.Optional(CustomizationSchema),
  },
  {
    title: 'EmbeddedUi',
    additionalProperties: false,
    description: 'Embedded mode: the front end mounts the checkout with `client_secret`.',
  },
)

export const HppUiSchema = Type.Object(
  {
    mode: Type.Literal('hpp'),
    customization: Type.Optional(CustomizationSchema),
    hpp: Type.Optional(HppOptionsSchema),
  },
  {
    title: 'HppUi',
    additionalProperties: false,
    description: 'Hosted payment page mode: redirect the customer to `redirect_url`.',
  },
)
