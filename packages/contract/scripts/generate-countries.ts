// Writes src/countries.ts, the ISO 3166-1 alpha-3 codes, from the npm package iso-3166-1 (a dev dependency:
// the contract ships the generated list, not the package). Run after upgrading iso-3166-1:
// `npx tsx packages/contract/scripts/generate-countries.ts`; test/countries.test.ts fails while they differ.
import { writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { countriesModule } from './countries-source.ts'

const file = fileURLToPath(new URL('../src/countries.ts', import.meta.url))
await writeFile(file, countriesModule())
console.log(`wrote ${file}`)
