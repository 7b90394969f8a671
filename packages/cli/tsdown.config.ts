import { defineConfig } from 'tsdown'

// The published `plazo` command (dist/plazo.js) and its small library (run, createProgram, the stored
// configuration). @plazo/mcp is imported only by `plazo mcp`, and stays a dependency.
export default defineConfig({
  entry: { index: 'src/index.ts', plazo: 'src/main.ts' },
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  dts: true,
  fixedExtension: false,
  clean: true,
})
