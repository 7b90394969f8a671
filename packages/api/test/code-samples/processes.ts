// Running the samples' interpreters and compilers as child processes, and knowing whether they are installed.
// Locally a missing tool skips its language with the reason shown; in CI (CI=true) it fails the test.
import { spawnSync } from 'node:child_process'
import type { TestContext } from 'vitest'
import { type ProcessRun, type RunOptions, runProcess } from '../../../../test-support/run-process.ts'

/** Runs a sample's interpreter or compiler; killed after 20 s unless told otherwise. */
export function run(command: string, args: string[], options: RunOptions = {}): Promise<ProcessRun> {
  return runProcess(command, args, { timeoutMs: 20_000, ...options })
}

/** Runs `task` on every item, `size` at a time. */
export async function pool<T, R>(items: T[], size: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await task(items[index] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker))
  return results
}

const found = new Map<string, boolean>()

/** Whether `command args` runs and exits 0 (e.g. `python3 -c "import requests"`), asked once. */
export function installed(command: string, args: string[]): boolean {
  const key = [command, ...args].join(' ')
  let known = found.get(key)
  if (known === undefined) {
    known = spawnSync(command, args, { stdio: 'ignore' }).status === 0
    found.set(key, known)
  }
  return known
}

/** Skips the test when the tool is missing, with the reason; in CI a missing tool is a failure. */
export function needTool(context: TestContext, available: boolean, tool: string): void {
  if (available) return
  const reason = `${tool} is not installed (.ci/run installs it)`
  if (process.env.CI) throw new Error(`${reason}: CI must check every language`)
  context.skip(reason)
}
