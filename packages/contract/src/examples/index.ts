export * from './client.ts'
export * from './requests.ts'
export * from './responses.ts'
