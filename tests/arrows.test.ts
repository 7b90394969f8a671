// Packages publish, apps consume (STYLE.md, docs/adr/0015): no module of packages/*/src imports an app, and none
// reaches outside its own package by a relative path (another package is imported by its name, so a published
// package never depends on a file it does not carry). Tests are not shipped and may reach anything.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const repo = fileURLToPath(new URL('..', import.meta.url))
const folders = (dir: string) =>
  readdirSync(join(repo, dir)).filter((name) => statSync(join(repo, dir, name)).isDirectory())
const appNames = folders('apps').flatMap((app) => {
  try {
    return [
      (JSON.parse(readFileSync(join(repo, 'apps', app, 'package.json'), 'utf8')) as { name: string }).name,
    ]
  } catch {
    return []
  }
})

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    // Tests beside the code (__tests__) are not shipped: they may start the API.
    if (statSync(path).isDirectory())
      return ['node_modules', 'dist', '__tests__'].includes(name) ? [] : sources(path)
    return /\.(c|m)?tsx?$/.test(name) ? [path] : []
  })
}

/** The specifiers of static and dynamic imports, re-exports and require() calls. */
function specifiers(code: string): string[] {
  const found: string[] = []
  for (const pattern of [
    /\b(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
  ])
    for (const match of code.matchAll(pattern)) if (match[1]) found.push(match[1])
  return found
}

it('no package imports an app or a file outside itself', () => {
  const wrong: string[] = []
  let checked = 0
  for (const pkg of folders('packages')) {
    const root = join(repo, 'packages', pkg)
    let files: string[]
    try {
      files = sources(join(root, 'src'))
    } catch {
      continue
    }
    for (const file of files) {
      for (const specifier of specifiers(readFileSync(file, 'utf8'))) {
        checked++
        const where = `${relative(repo, file)}: ${specifier}`
        if (appNames.some((app) => specifier === app || specifier.startsWith(`${app}/`)))
          wrong.push(`${where} (an app)`)
        if (specifier.startsWith('.')) {
          const target = resolve(dirname(file), specifier)
          if (target !== root && !target.startsWith(`${root}${sep}`))
            wrong.push(`${where} (outside packages/${pkg})`)
        }
      }
    }
  }
  expect(checked).toBeGreaterThan(100)
  expect(wrong).toEqual([])
})
