#!/usr/bin/env node
// `plazo-mcp` from this repository's sources (TypeScript through tsx); the published package runs its build
// (dist/plazo-mcp.js).
import { register } from 'tsx/esm/api'

register()
await import('../src/bin.ts')
