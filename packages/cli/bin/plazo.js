#!/usr/bin/env node
// The `plazo` command. The CLI is TypeScript run through tsx, like the API (`tsx src/server.ts`).
import { register } from 'tsx/esm/api'

register()
await import('../src/main.ts')
