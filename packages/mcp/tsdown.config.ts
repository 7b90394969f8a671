import { defineConfig } from 'tsdown'

// The published server: the library (index) and the stdio binary (plazo-mcp). The contract's schemas and
// validator are bundled in (docs/adr/0015); everything in `dependencies` stays a dependency. The docs it serves
// are data/, written by scripts/build-data.ts.
export default defineConfig({
  entry: { index: 'src/index.ts', 'plazo-mcp': 'src/bin.ts' },
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  // Eager: the declarations carry the docs page types of @plazo/docs-content (a workspace reached through
  // node_modules, which TypeScript will not emit one file at a time).
  dts: { eager: true },
  fixedExtension: false,
  clean: true,
})
