import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

const COMPRESSIBLE = /\.(html|js|css|json|svg|xml|txt|md|map|yaml)$/

/** Writes .br and .gz next to every compressible file, for @fastify/static's `preCompressed`. */
export async function compressBuild(buildDir: string): Promise<number> {
  const files: string[] = []
  async function walk(dir: string): Promise<void> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) await walk(path)
      else if (COMPRESSIBLE.test(entry.name) && (await stat(path)).size >= 1024) files.push(path)
    }
  }
  await walk(buildDir)
  // A few at a time: two cores, and brotli at its best quality is the slow part.
  const queue = [...files]
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
        const content = await readFile(file)
        await writeFile(
          `${file}.br`,
          await brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        )
        await writeFile(`${file}.gz`, await gz(content, { level: 9 }))
      }
    }),
  )
  return files.length
}
