import { defineConfig } from 'tsdown'

// The API of packages/api, with the contract and the loan maths, bundled into one program (docs/adr/0015); its
// third-party dependencies (Fastify, better-sqlite3, pg, …) and the other published packages (@plazo/mcp,
// loaded when /mcp is first called, @plazo/node, @plazo/checkout-js) stay dependencies.
export default defineConfig({
  entry: { index: 'src/index.ts', 'plazo-sandbox': 'src/bin.ts' },
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  dts: true,
  fixedExtension: false,
  clean: true,
})
