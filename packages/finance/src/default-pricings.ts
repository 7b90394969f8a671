import type { AgentPricing } from './types.ts'

/*
 * Default agent pricings, seeded from the examples of spec §9: BNPL 3/6/9/12 months interest-free with a 2 %
 * merchant fee; consumer loans 18 to 48 months and auto loans 24 to 96 months at 7.99 % nominal; grace periods
 * up to 3 and 30 months. The spec gives ranges, not steps: consumer terms go by 6 months, auto terms by 12.
 * Credit lines and subscriptions have no example in the spec; their figures below are our assumptions
 * (credit line priced like a consumer loan over short terms; subscription interest-free like BNPL).
 * The pricing_id values are stable: sessions, tests and docs refer to them.
 */
export const DEFAULT_PRICINGS: readonly AgentPricing[] = [
  {
    pricing_id: 'c43b3d61-4d4f-485b-83d3-1ce411c8d44d',
    name: 'BNPL instalments 0 %',
    payment_method_type: 'bnpl_instalments',
    periods: [3, 6, 9, 12],
    annual_interest: 0,
    merchant_fee: 0.02,
    max_grace_period: 0,
    setup_fee: null,
    insurance: null,
  },
  {
    pricing_id: '64728e02-f25a-4317-b50e-829ebe3a8b4a',
    name: 'BNPL split pay 0 %',
    payment_method_type: 'bnpl_split_pay',
    periods: [3, 6, 9, 12],
    annual_interest: 0,
    merchant_fee: 0.02,
    max_grace_period: 0,
    setup_fee: null,
    insurance: null,
  },
  {
    pricing_id: '04b2041c-bcaa-400e-a0b5-c2e36db9d313',
    name: 'Consumer loan instalments 7.99 %',
    payment_method_type: 'consumer_loan_instalments',
    periods: [18, 24, 30, 36, 42, 48],
    annual_interest: 0.0799,
    merchant_fee: 0,
    max_grace_period: 3,
    setup_fee: null,
    insurance: null,
  },
  {
    pricing_id: '0310d185-8dda-4f6c-b300-4b5bdafc5ec5',
    name: 'Consumer loan split pay 7.99 %',
    payment_method_type: 'consumer_loan_split_pay',
    periods: [18, 24, 30, 36, 42, 48],
    annual_interest: 0.0799,
    merchant_fee: 0,
    max_grace_period: 3,
    setup_fee: null,
    insurance: null,
  },
  {
    pricing_id: '57f2c860-2e2a-4d37-823f-60bc8a97f5f2',
    name: 'Auto loan 7.99 %',
    payment_method_type: 'auto_loan',
    periods: [24, 36, 48, 60, 72, 84, 96],
    annual_interest: 0.0799,
    merchant_fee: 0,
    max_grace_period: 30,
    setup_fee: null,
    insurance: null,
  },
  {
    pricing_id: '40ed7bac-45e5-4c46-874d-ce5e35af0f60',
    name: 'Credit line 7.99 %',
    payment_method_type: 'credit_line',
    periods: [3, 6, 9, 12],
    annual_interest: 0.0799,
    merchant_fee: 0,
    max_grace_period: 3,
    setup_fee: null,
    insurance: null,
  },
  {
    pricing_id: '452c241a-a339-48a5-afa9-aa60ce6512b1',
    name: 'Subscription 0 %',
    payment_method_type: 'subscription',
    periods: [12, 24, 36],
    annual_interest: 0,
    merchant_fee: 0.02,
    max_grace_period: 0,
    setup_fee: null,
    insurance: null,
  },
]
