#!/usr/bin/env node
// The `plazo` command from this repository's sources (TypeScript through tsx); the published package runs its
// build (dist/plazo.js, `npm run build -w packages/cli`).
import { register } from 'tsx/esm/api'

register()
await import('../src/main.ts')
