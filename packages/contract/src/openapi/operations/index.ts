/** Every call of the OpenAPI documents, one file per part of the API (the way stripe-node keeps a resource per file). */
export * from './auth.ts'
export * from './developer-tools.ts'
export * from './orders.ts'
export * from './public-client.ts'
export * from './responses.ts'
export * from './sandbox.ts'
export * from './sessions.ts'
export * from './webhooks.ts'
