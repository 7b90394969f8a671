import { defineConfig } from 'vitest/config'

// One runner for the whole repo. Browser (end-to-end) tests live under e2e/ folders and run
// through vitest.e2e.config.ts (`npm run test:e2e`), never here.
export default defineConfig({
  test: {
    // Webhook deliveries and OAuth token requests in tests go to loopback receivers only.
    env: { PLAZO_WEBHOOK_TARGETS: 'loopback' },
    include: ['packages/*/test/**/*.test.ts', '{packages,apps,examples}/**/__tests__/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/e2e/**', '**/build/**', '**/dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
