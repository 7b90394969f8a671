#!/usr/bin/env node
// `plazo-sandbox` from this repository's sources (TypeScript through tsx); the published package runs its build
// (dist/plazo-sandbox.js).
import { register } from 'tsx/esm/api'

register()
await import('../src/bin.ts')
