export * from './client.ts'
export * from './requests.ts'
export * from './responses.ts'
export * from './validation.ts'
