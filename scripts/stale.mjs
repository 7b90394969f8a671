// Whether a part of `npm start` (scripts/start.mjs) must be built: its output is missing or older than its sources.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const SKIPPED = new Set(['node_modules', 'dist', 'build', '.docusaurus', '.cache'])

/** The newest modification time of the files below some paths (node_modules, build output and caches skipped). */
export function newestMtime(paths) {
  let newest = 0
  const walk = (path) => {
    if (!existsSync(path)) return
    const stat = statSync(path)
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) if (!SKIPPED.has(name)) walk(join(path, name))
    } else newest = Math.max(newest, stat.mtimeMs)
  }
  for (const path of paths) walk(path)
  return newest
}

/** A fresh clone, or sources changed since the last build (a pull, an edit). */
export function isStale({ output, sources }) {
  return !existsSync(output) || statSync(output).mtimeMs < newestMtime(sources)
}
