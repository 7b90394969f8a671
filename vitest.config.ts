import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// One runner for the whole repo. Browser (end-to-end) tests live under e2e/ folders and run
// through vitest.e2e.config.ts (`npm run test:e2e`), never here.
const INCLUDE = [
  'packages/*/test/**/*.test.ts',
  'tests/*.test.ts',
  '{packages,apps,examples}/**/__tests__/**/*.test.{ts,tsx}',
]
const EXCLUDE = ['**/node_modules/**', '**/e2e/**', '**/build/**', '**/dist/**']

/**
 * Test files whose assertions depend on timing or on a load's shape on this machine: how far a background
 * checkpointer gets while writers append (wal-restart), timers that must tick while an fsync is held
 * (durable-commits), a worker that must start settling within a pause (ordering), a LISTEN that must be ready
 * after a pause (wake; other files' NOTIFYs cannot wake its worker, each schema has its own channel). They run
 * alone, once the rest has finished, rather than beside other files.
 */
const ALONE = [
  'packages/api/test/storage/wal-restart.test.ts',
  'packages/api/test/storage/durable-commits.test.ts',
  'packages/api/test/webhooks/ordering.test.ts',
  'packages/api/test/webhooks/wake.test.ts',
]

export default defineConfig({
  test: {
    // Webhook deliveries and OAuth token requests in tests go to loopback receivers only.
    env: { PLAZO_WEBHOOK_TARGETS: 'loopback' },
    // Builds what the tests read that is not committed (the MCP server's docs data) when it is stale.
    globalSetup: ['scripts/test-setup.mjs'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: INCLUDE,
          exclude: [...EXCLUDE, ...ALONE],
          // Most files wait on sockets, timers, child processes and PostgreSQL more than on the CPU: one worker
          // more than the machine has cores keeps them busy (Vitest's default is one worker fewer).
          maxWorkers: availableParallelism() + 1,
          // A worker runs file after file in one module graph instead of importing the API (Fastify, the
          // contract's schemas, the storage engines) again for each file: on 2 cores the suite took 746 s instead
          // of 1019 s in the same conditions (time spent importing: 136 s instead of 486 s). No file mocks a
          // module or sets the environment; what a file opens (apps, databases, servers) it closes.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'alone', include: ALONE, exclude: EXCLUDE, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
      {
        // The published packages as a stranger installs them (a local registry, a project in the temporary
        // folder): last and alone, as it builds, packs and installs with both cores.
        extends: true,
        test: {
          name: 'install',
          include: ['tests/install/**/*.test.ts'],
          exclude: EXCLUDE,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
})
