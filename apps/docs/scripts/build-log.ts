import { fileURLToPath } from 'node:url'

/**
 * Docusaurus's output of the last complete build (scripts/build.ts), where e2e/build-quality.test.ts looks for
 * broken links. The build writes it under `partialBuildLogPath` and gives it this name once every output is
 * written, so a build.log newer than the sources means a complete build (e2e/build.ts relies on it).
 */
export const buildLogPath = fileURLToPath(new URL('../.cache/build.log', import.meta.url))
export const partialBuildLogPath = `${buildLogPath}.partial`
