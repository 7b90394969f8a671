/**
 * The ids of the sandbox seed that the examples and schemas name, so that an example which names an agent, a
 * merchant or a pricing works against the sandbox as it is. The agent and the merchant are the Demo Store of
 * packages/api's sandbox seed (an API test checks the agent id agrees); the pricings are the default ones of
 * packages/finance/src/default-pricings.ts (the API tests compare the simulation examples with its answers).
 *
 * A module of its own that imports nothing: a schema can name an example id without importing the examples,
 * which import the types, which import the schemas.
 */

/** The Demo Store's `agent-online`, its default agent. */
export const DEMO_AGENT_ONLINE_ID = 'a0a09c08-ec9b-4994-8a89-ddaf1e736565'

/** The Demo Store merchant. */
export const DEMO_STORE_MERCHANT_ID = '90b2ea23-a417-48b7-8400-554a197f2db1'

/** The default pricing of BNPL instalments (0 %, 3 to 12 months). */
export const BNPL_PRICING_ID = 'c43b3d61-4d4f-485b-83d3-1ce411c8d44d'

/** The default pricing of consumer loan instalments (7.99 %, 18 to 48 months). */
export const CONSUMER_LOAN_PRICING_ID = '04b2041c-bcaa-400e-a0b5-c2e36db9d313'
