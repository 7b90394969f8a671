#!/usr/bin/env node
// The `plazo` command (bin/plazo.js from the sources, dist/plazo.js when installed).
import { run } from './index.ts'

const code = await run(process.argv)
if (code !== 0) process.exit(code)
