// `npm run release:pack`: builds every public package and packs each into .release/packages/ as a stranger gets
// it, then lints the tarballs with publint and @arethetypeswrong/cli (both must be clean). A package's
// package.json is written for publishing from its `publishConfig` (docs/adr/0015): in this repository its
// `exports` and `bin` point at the TypeScript sources (tsx, Vitest), the published ones at dist/; scripts and
// devDependencies (the private workspaces it bundles: contract, finance, docs-content, api) are left out.
// Options: --no-build (pack what is built), --no-lint. Writes .release/packages/index.json for the install test.
import { execFileSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { builtinModules } from 'node:module'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isStale } from '../stale.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))
const out = join(root, '.release')
const packagesOut = join(out, 'packages')
const args = new Set(process.argv.slice(2))

/** The public packages, in build order; `attw` is the profile their entry points are checked with. */
export const PUBLIC = [
  { dir: 'packages/sdk-node', attw: 'strict' },
  // checkout.js is the <script> build (window.PlazoCheckout), not a module to import: no types to check.
  { dir: 'packages/checkout-js', attw: 'esm-only', attwArgs: ['--exclude-entrypoints', './checkout.js'] },
  { dir: 'packages/mcp', attw: 'esm-only' },
  { dir: 'packages/cli', attw: 'esm-only' },
  // dashboard/ is there when apps/dashboard built (see ALSO_BUILT).
  { dir: 'packages/sandbox', attw: 'esm-only', optionalFiles: ['dashboard'] },
]
/**
 * Built before the public packages when older than their sources: the apps the sandbox carries. The dashboard is
 * carried when it builds (the sandbox then serves /dashboard); a failed build of it is reported, not fatal.
 */
const ALSO_BUILT = [
  {
    dir: 'apps/hpp',
    output: 'apps/hpp/dist/index.html',
    sources: ['apps/hpp/src', 'apps/hpp/index.html', 'packages/contract/src'],
  },
  {
    dir: 'apps/dashboard',
    output: 'apps/dashboard/dist/index.html',
    sources: ['apps/dashboard/src', 'apps/dashboard/index.html', 'packages/contract/src'],
    optional: true,
  },
]

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'))
const run = (command, argv, options = {}) =>
  execFileSync(command, argv, { cwd: root, stdio: 'inherit', ...options })

const manifests = new Map(PUBLIC.map(({ dir }) => [readJson(join(root, dir, 'package.json')).name, dir]))

/** The package.json a stranger installs. */
function publishedManifest(pkg) {
  const { publishConfig = {}, scripts: _scripts, devDependencies: _dev, private: priv, ...rest } = pkg
  if (priv) throw new Error(`${pkg.name} is private`)
  const { access, registry: _registry, tag: _tag, ...overrides } = publishConfig
  const manifest = { ...rest, ...overrides, ...(access ? { publishConfig: { access } } : {}) }
  for (const [name, version] of Object.entries(manifest.dependencies ?? {})) {
    if (name.startsWith('@plazo/') && !manifests.has(name))
      throw new Error(`${pkg.name} depends on the private ${name}: bundle it (devDependencies) or publish it`)
    if (manifests.has(name)) {
      const current = readJson(join(root, manifests.get(name), 'package.json')).version
      if (current !== version)
        throw new Error(`${pkg.name} depends on ${name} ${version}, which is at ${current}`)
    }
  }
  return manifest
}

/** Every package the built JavaScript imports must be a dependency the stranger's npm installs. */
function checkImports(name, stage, manifest) {
  const declared = new Set(
    Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies, ...manifest.peerDependencies }),
  )
  const missing = new Set()
  const files = readdirSync(stage, { recursive: true }).filter((file) => /\.(c|m)?js$/.test(file))
  for (const file of files) {
    const code = readFileSync(join(stage, file), 'utf8')
    // Statements the bundler writes (one per line), dynamic imports and require() calls; not prose that
    // happens to say "from 'approved'".
    const statements = [
      ...code.matchAll(/^(?:import|export)\s[^'"\n]*?\bfrom\s*["']([^"'./][^"']*)["']/gm),
      ...code.matchAll(/^import\s*["']([^"'./][^"']*)["']/gm),
      ...code.matchAll(/\b(?:import|require)\(\s*["']([^"'./][^"']*)["']\s*\)/g),
    ]
    for (const match of statements) {
      const specifier = match[1]
      if (specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0])) continue
      const pkg = specifier.startsWith('@')
        ? specifier.split('/').slice(0, 2).join('/')
        : specifier.split('/')[0]
      if (pkg !== name && !declared.has(pkg)) missing.add(`${pkg} (${file})`)
    }
  }
  if (missing.size > 0)
    throw new Error(`${name} imports what it does not depend on: ${[...missing].join(', ')}`)
}

if (!args.has('--no-build')) {
  for (const part of ALSO_BUILT) {
    if (!existsSync(join(root, part.dir, 'package.json'))) continue
    if (!isStale({ output: join(root, part.output), sources: part.sources.map((path) => join(root, path)) }))
      continue
    try {
      run('npm', ['run', 'build', `--workspace=${part.dir}`])
    } catch (error) {
      if (!part.optional) throw error
      console.warn(`release:pack: ${part.dir} did not build; @plazo/sandbox is packed without it`)
    }
  }
  for (const { dir } of PUBLIC) run('npm', ['run', 'build', `--workspace=${dir}`])
}

rmSync(out, { recursive: true, force: true })
mkdirSync(packagesOut, { recursive: true })
const packed = []
for (const { dir, attw, attwArgs = [], optionalFiles = [] } of PUBLIC) {
  const source = join(root, dir)
  const pkg = readJson(join(source, 'package.json'))
  const stage = join(out, 'stage', pkg.name.replace('/', '+'))
  mkdirSync(stage, { recursive: true })
  for (const entry of [...(pkg.files ?? []), 'README.md', 'LICENSE', 'CHANGELOG.md']) {
    if (!existsSync(join(source, entry))) {
      if ((pkg.files ?? []).includes(entry) && !optionalFiles.includes(entry))
        throw new Error(`${pkg.name}: ${entry} is missing (not built?)`)
      continue
    }
    cpSync(join(source, entry), join(stage, entry), { recursive: true })
  }
  const manifest = publishedManifest(pkg)
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  checkImports(pkg.name, stage, manifest)
  const [info] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', packagesOut], {
      cwd: stage,
      encoding: 'utf8',
    }),
  )
  const tarball = join(packagesOut, info.filename)
  packed.push({
    name: pkg.name,
    version: pkg.version,
    tarball,
    size: statSync(tarball).size,
    unpackedSize: info.unpackedSize,
    files: info.entryCount,
    attw,
    attwArgs,
    stage,
  })
}

if (!args.has('--no-lint')) {
  for (const { name, tarball, attw, attwArgs, stage } of packed) {
    console.log(`\n${name}: publint`)
    run(process.execPath, [resolve(root, 'node_modules/publint/src/cli.js'), 'run', stage, '--strict'])
    console.log(`${name}: @arethetypeswrong/cli (--profile ${attw})`)
    run(process.execPath, [
      resolve(root, 'node_modules/@arethetypeswrong/cli/dist/index.js'),
      tarball,
      '--profile',
      attw,
      ...attwArgs,
      '--format',
      'table-flipped',
      '--no-color',
    ])
  }
}

writeFileSync(
  join(packagesOut, 'index.json'),
  `${JSON.stringify(
    packed.map(({ stage: _stage, attw: _attw, attwArgs: _args, ...entry }) => entry),
    null,
    2,
  )}\n`,
)
console.log('\nPacked in .release/packages/:')
for (const { name, version, size, unpackedSize, files } of packed)
  console.log(
    `  ${`${name}@${version}`.padEnd(26)} ${(size / 1024).toFixed(0).padStart(6)} kB packed, ${(unpackedSize / 1024).toFixed(0).padStart(6)} kB unpacked, ${files} files`,
  )
