/**
 * `npm run build`: prepares the contract-generated content, runs `docusaurus build` (both locales), writes each
 * docs page's Markdown twin, llms.txt and the Postman collections, finishes the prerendered API references
 * (reference-markup.ts), and pre-compresses the output for the gate server. Docusaurus's own output is also
 * kept in .cache/build.log, where e2e/build-quality.test.ts looks for broken links, anchors and duplicate routes
 * (configured to warn, so the build itself never fails on them); see build-log.ts.
 */
import { spawn } from 'node:child_process'
import { createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import sidebars from '../sidebars.ts'
import { siteTitle } from '../site.config.ts'
import { buildLogPath, partialBuildLogPath } from './build-log.ts'
import { compressBuild } from './compress-build.ts'
import { writeMarkdownOutputs } from './markdown/twins.ts'
import { writePostmanCollections } from './postman.ts'
import { finishReferencePages } from './reference-markup.ts'

const siteDir = fileURLToPath(new URL('..', import.meta.url))

async function run(command: string, args: string[], log?: NodeJS.WritableStream): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd: siteDir, stdio: ['ignore', 'pipe', 'pipe'] })
    for (const [stream, sink] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      stream.on('data', (chunk: Buffer) => {
        sink.write(chunk)
        log?.write(chunk)
      })
    }
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    )
  })
}

const started = Date.now()
await run('npx', ['tsx', 'scripts/prepare-content.ts'])
mkdirSync(`${siteDir}.cache`, { recursive: true })
rmSync(buildLogPath, { force: true })
const log = createWriteStream(partialBuildLogPath)
try {
  await run('npx', ['docusaurus', 'build'], log)
} finally {
  await new Promise((resolve) => log.end(resolve))
}
const references = finishReferencePages(`${siteDir}build`, siteDir)
console.log(`Finished ${references} prerendered API reference pages (accessibility, compact JSON samples).`)
const markdown = writeMarkdownOutputs(`${siteDir}build`, siteTitle, sidebars as Record<string, unknown>)
console.log(`Wrote ${markdown.pages} Markdown twins, llms.txt and llms-full.txt (en, es).`)
const collections = await writePostmanCollections(`${siteDir}build`)
console.log(`Wrote ${collections} Postman collections.`)
const compressed = await compressBuild(`${siteDir}build`)
renameSync(partialBuildLogPath, buildLogPath)
console.log(
  `Pre-compressed ${compressed} files. Build finished in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
)
