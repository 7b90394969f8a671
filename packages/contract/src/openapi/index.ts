export * from './components.ts'
export * from './documents.ts'
// The Spanish catalogues, for what renders the contract's texts in Spanish besides the documents (the docs' globals page).
export { SPANISH_GLOBALS_TEXTS, SPANISH_TAG_NAMES, SPANISH_TEXTS } from './es/index.ts'
export * from './operations/index.ts'
