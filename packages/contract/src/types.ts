import type { Static } from 'typebox'
import type { ArticleSchema } from './article.ts'
import type { CartSchema, OrderLineSchema } from './cart.ts'
import type {
  CheckoutSessionSchema,
  ConditionsSchema,
  CreateResponseSchema,
  EmbeddedCreateResponseSchema,
  GetSessionResponseSchema,
  HppCreateResponseSchema,
  HppSchema,
  OperationSchema,
  PaymentIntentSchema,
} from './checkout-session.ts'
import type {
  CheckoutSessionRequestSchema,
  EmbeddedCheckoutSessionRequestSchema,
  HppCheckoutSessionRequestSchema,
  PaymentIntentRequestSchema,
} from './checkout-session-request.ts'
import type { BasicCustomerSchema, FullCustomerSchema } from './customer.ts'
import type {
  CheckoutMode as CheckoutModeEnum,
  CheckoutSessionStatus as CheckoutSessionStatusEnum,
  HppStatus as HppStatusEnum,
  PaymentIntentStatus as PaymentIntentStatusEnum,
  PaymentMethodType as PaymentMethodTypeEnum,
} from './enums.ts'
import type { ErrorBodySchema, ValidationErrorBodySchema } from './errors.ts'
import type { MerchantSchema, NotificationAuthSchema } from './merchant.ts'
import type {
  CaptureRequestSchema,
  ClockAdvanceRequestSchema,
  CustomerActionRequestSchema,
  DistributeRequestSchema,
  RefundRequestSchema,
} from './order-management.ts'
import type { PaymentMethodSchema, ReadPaymentMethodSchema } from './payment-methods.ts'
import type { CustomizationSchema } from './ui.ts'

/** Static types derived from the schemas: never written by hand. */
export type Article = Static<typeof ArticleSchema>
export type Cart = Static<typeof CartSchema>
export type OrderLine = Static<typeof OrderLineSchema>
export type CheckoutSession = Static<typeof CheckoutSessionSchema>
export type Conditions = Static<typeof ConditionsSchema>
export type PaymentIntent = Static<typeof PaymentIntentSchema>
export type Hpp = Static<typeof HppSchema>
export type Operation = Static<typeof OperationSchema>
export type CreateResponse = Static<typeof CreateResponseSchema>
export type EmbeddedCreateResponse = Static<typeof EmbeddedCreateResponseSchema>
export type HppCreateResponse = Static<typeof HppCreateResponseSchema>
export type GetSessionResponse = Static<typeof GetSessionResponseSchema>
export type CheckoutSessionRequest = Static<typeof CheckoutSessionRequestSchema>
export type EmbeddedCheckoutSessionRequest = Static<typeof EmbeddedCheckoutSessionRequestSchema>
export type HppCheckoutSessionRequest = Static<typeof HppCheckoutSessionRequestSchema>
export type PaymentIntentRequest = Static<typeof PaymentIntentRequestSchema>
export type BasicCustomer = Static<typeof BasicCustomerSchema>
export type FullCustomer = Static<typeof FullCustomerSchema>
export type Merchant = Static<typeof MerchantSchema>
export type NotificationAuth = Static<typeof NotificationAuthSchema>
export type PaymentMethod = Static<typeof PaymentMethodSchema>
export type ReadPaymentMethod = Static<typeof ReadPaymentMethodSchema>
export type Customization = Static<typeof CustomizationSchema>
export type CaptureRequest = Static<typeof CaptureRequestSchema>
export type RefundRequest = Static<typeof RefundRequestSchema>
export type DistributeRequest = Static<typeof DistributeRequestSchema>
export type CustomerActionRequest = Static<typeof CustomerActionRequestSchema>
export type ClockAdvanceRequest = Static<typeof ClockAdvanceRequestSchema>
export type ErrorBody = Static<typeof ErrorBodySchema>
export type ValidationErrorBody = Static<typeof ValidationErrorBodySchema>
export type PaymentMethodTypeValue = (typeof PaymentMethodTypeEnum.values)[number]
export type CheckoutSessionStatusValue = (typeof CheckoutSessionStatusEnum.values)[number]
export type PaymentIntentStatusValue = (typeof PaymentIntentStatusEnum.values)[number]
export type HppStatusValue = (typeof HppStatusEnum.values)[number]
export type CheckoutModeValue = (typeof CheckoutModeEnum.values)[number]
