import { describe, expect, it } from 'vitest'
import { run } from './processes.ts'

describe('what a sample prints, as the tests read it', () => {
  it('keeps a character whose bytes arrive in two chunks whole, on stdout and stderr', async () => {
    // 1 + 2 × 100,000 bytes: a pipe delivers them in 64 KiB chunks, and an odd offset puts chunk ends inside an "ñ".
    const text = `a${'ñ'.repeat(100_000)}`
    const script =
      "const text = 'a' + 'ñ'.repeat(100000); process.stdout.write(text); process.stderr.write(text)"
    const result = await run(process.execPath, ['-e', script])
    expect(result.code).toBe(0)
    expect(result.stdout === text, 'stdout as printed').toBe(true)
    expect(result.stderr === text, 'stderr as printed').toBe(true)
  })
})
