export * from './components.ts'
export * from './documents.ts'
export * from './operations/index.ts'
