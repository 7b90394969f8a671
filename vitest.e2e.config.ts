import { defineConfig } from 'vitest/config'

// Browser tests: Debian chromium driven by playwright-core (executablePath /usr/bin/chromium).
export default defineConfig({
  test: {
    // Webhook deliveries and OAuth token requests in tests go to loopback receivers only.
    env: {
      PLAZO_WEBHOOK_TARGETS: 'loopback',
      // With PLAZO_DOCS_REBUILD=1, the docs are built once in this run, not once per file (apps/docs/e2e/build.ts).
      PLAZO_E2E_STARTED_AT: String(Date.now()),
    },
    include: ['{packages,apps,examples}/**/e2e/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 120_000,
    hookTimeout: 600_000,
    // The browser tests keep this machine's cores busy: with the docs files two at a time, the run took 659 s
    // (docs build included), about what CI takes one file after the other; each test ran twice as slow.
    fileParallelism: false,
  },
})
