import { defineConfig } from 'vitest/config'

// Browser tests: Debian chromium driven by playwright-core (executablePath /usr/bin/chromium).
export default defineConfig({
  test: {
    // Webhook deliveries and OAuth token requests in tests go to loopback receivers only.
    env: { PLAZO_WEBHOOK_TARGETS: 'loopback' },
    include: ['{packages,apps,examples}/**/e2e/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 120_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
})
