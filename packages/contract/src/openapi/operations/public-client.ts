import Type from 'typebox'
import {
  AgentConfigurationSchema,
  PublicPricingSchema,
  SimulationRequestSchema,
  SimulationResponseSchema,
} from '../../client.ts'
import { ErrorBodySchema } from '../../errors.ts'
import { validationErrorExample } from '../../examples/validation.ts'
import { BNPL_PRICING_ID, CONSUMER_LOAN_PRICING_ID, DEMO_AGENT_ONLINE_ID } from '../../sandbox-ids.ts'
import { e400, e500, type OperationSpec, one, type ResponseSpec } from './responses.ts'

/** Public client calls (docs/adr/0006): checkout-js makes them from the customer's browser with the agent id only. */

const BNPL_PRICING = {
  pricing_id: BNPL_PRICING_ID,
  name: 'BNPL instalments 0 %',
  payment_method_type: 'bnpl_instalments',
  periods: [3, 6, 9, 12],
  annual_interest: 0,
  max_grace_period: 0,
  setup_fee: null,
  insurance: null,
}
const CONSUMER_LOAN_PRICING = {
  pricing_id: CONSUMER_LOAN_PRICING_ID,
  name: 'Consumer loan instalments 7.99 %',
  payment_method_type: 'consumer_loan_instalments',
  periods: [18, 24, 30, 36, 42, 48],
  annual_interest: 0.0799,
  max_grace_period: 3,
  setup_fee: null,
  insurance: null,
}

/** What the sandbox answers for `POST /client/simulate` of 300.00 EUR in 3 BNPL instalments (checked by the API tests). */
export const SIMULATION_REQUEST_EXAMPLE = {
  agent_id: DEMO_AGENT_ONLINE_ID,
  amount: 30000,
  payment_method_type: 'bnpl_instalments',
  period: 3,
}
export const SIMULATION_RESPONSE_EXAMPLE = {
  amount: { amount: 30000, currency: 'EUR' },
  offers: [
    {
      payment_method_type: 'bnpl_instalments',
      pricing_id: BNPL_PRICING.pricing_id,
      period: 3,
      conditions: {
        currency: 'EUR',
        principal: 30000,
        term: 3,
        user_defined_quota: 10000,
        interest: 0,
        apr: 0,
        insurance: null,
        grace_period: 0,
      },
      schedule: [
        { number: 1, month: 1, amount: 10000 },
        { number: 2, month: 2, amount: 10000 },
        { number: 3, month: 3, amount: 10000 },
      ],
      total_payable: 30000,
      total_cost_of_credit: 0,
    },
  ],
}

const agentNotFound: ResponseSpec = {
  description: 'No agent has this id.',
  schema: ErrorBodySchema,
  examples: one('Unknown agent', {
    status: 'ko',
    exception: 'plazo.agent.not_found',
    error: 'Agent 4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11 not found.',
  }),
}
const badAgentId = e400(
  'Agent id not a UUID',
  validationErrorExample([{ field: '/agent_id', message: 'must match format "uuid"', keyword: 'format' }], {
    agent_id: 'agent-online',
  }),
)
const publicNote =
  'No token: the agent id is public, like a publishable key. Answers carry `access-control-allow-origin: *` (preflight answered), so pages on any origin can call it; send no cookies.'

export const getAgentConfiguration: OperationSpec = {
  id: 'getAgentConfiguration',
  method: 'get',
  path: '/client/agents/{agent_id}/configuration',
  tag: 'Client (public)',
  summary: 'Read what an agent offers',
  description: `The merchant name, purchase countries, currency, payment method types and public pricings of an agent (point of sale), for widgets and simulators; checkout-js \`agentConfiguration()\`. Never shows the merchant fee. ${publicNote}`,
  auth: false,
  pathParams: ['agent_id'],
  responses: {
    '200': {
      description: 'The agent configuration.',
      schema: AgentConfigurationSchema,
      examples: one('Demo Store, agent-online', {
        agent_id: DEMO_AGENT_ONLINE_ID,
        merchant_name: 'Demo Store',
        purchase_countries: ['ESP', 'FRA'],
        currency: 'EUR',
        payment_method_types: ['bnpl_instalments', 'consumer_loan_instalments'],
        pricings: [BNPL_PRICING, CONSUMER_LOAN_PRICING],
      }),
    },
    '400': badAgentId,
    '404': agentNotFound,
    '500': e500,
  },
}

export const getAgentPricings: OperationSpec = {
  id: 'getAgentPricings',
  method: 'get',
  path: '/client/agents/{agent_id}/pricings',
  tag: 'Client (public)',
  summary: "List an agent's public pricings",
  description: `Per payment method type: the terms offered, nominal interest, grace period, setup fee and insurance; checkout-js \`agentPricings()\`. ${publicNote}`,
  auth: false,
  pathParams: ['agent_id'],
  responses: {
    '200': {
      description: 'The public pricings.',
      schema: Type.Array(PublicPricingSchema, {
        title: 'PublicPricingList',
        description: 'The public pricings of an agent.',
      }),
      examples: one('Two pricings', [BNPL_PRICING, CONSUMER_LOAN_PRICING]),
    },
    '400': badAgentId,
    '404': agentNotFound,
    '500': e500,
  },
}

export const simulateOffers: OperationSpec = {
  id: 'simulateOffers',
  method: 'post',
  path: '/client/simulate',
  tag: 'Client (public)',
  summary: 'Simulate the loan conditions of an amount',
  description: `Every offer (conditions, schedule and totals) of the agent's financed payment methods for an amount in cents, or of the \`payment_method_type\` and \`period\` asked, with the \`grace_period\` asked (months before the first instalment: interest accrues and is capitalised, and the schedule starts at month \`grace_period + 1\`; only the types whose \`max_grace_period\` allows it). The same computation as a payment intent's conditions: what the customer is shown is what the API records. Terms that cannot be priced (fewer cents than instalments) are left out. A type the agent does not finance, a term it does not offer or a grace period longer than it allows answers 400 naming the field. checkout-js \`simulator()\`, \`paymentMethodConditions()\` and the SimulatorComponent use it. ${publicNote}`,
  auth: false,
  request: {
    schema: SimulationRequestSchema,
    examples: one('300.00 EUR in 3 BNPL instalments', SIMULATION_REQUEST_EXAMPLE),
  },
  responses: {
    '200': {
      description: 'The offers.',
      schema: SimulationResponseSchema,
      examples: one('3 × 100.00 EUR', SIMULATION_RESPONSE_EXAMPLE),
    },
    '400': e400(
      'Term not offered',
      validationErrorExample(
        [{ field: '/period', message: 'is not offered: the terms are 3, 6, 9, 12 months', keyword: 'rule' }],
        { ...SIMULATION_REQUEST_EXAMPLE, period: 24 },
      ),
    ),
    '404': agentNotFound,
    '500': e500,
  },
}
