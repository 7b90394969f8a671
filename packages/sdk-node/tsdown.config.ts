import { defineConfig, type UserConfig } from 'tsdown'

const common: UserConfig = {
  entry: ['src/index.ts'],
  platform: 'node',
  target: 'node20.19',
  dts: true,
  sourcemap: true,
  // `npm run build` empties dist/ first: the two builds below write beside each other.
  clean: false,
}

// The published SDK: ESM for `import` and CommonJS for `require` (Node 20.19 loads ESM with require() too, but
// not every bundler or test runner does), each with its declarations. Runtime dependencies stay dependencies,
// except openapi-fetch in the CommonJS build: its CommonJS file's default export does not survive Node-style
// interop (`require` gives the exports object), so that build carries its ESM code (6 kB).
export default defineConfig([
  { ...common, format: 'esm' },
  { ...common, format: 'cjs', noExternal: ['openapi-fetch'] },
])
