// The comments of the code samples in Spanish (plugins/sample-comments.ts): a Spanish page shows the sample's
// code with the comments of its folder's catalogue, samples/<folder>/comments.es.yaml. Every comment has its
// Spanish, no entry is left unused, and only comments change.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  catalogueFile,
  readCommentCatalogue,
  type SampleLanguage,
  sampleComments,
  sampleLanguage,
  spanishSample,
  translateSampleComments,
} from '../plugins/sample-comments.ts'
import { sampleFiles, samplesDir, siteDir } from './pages.ts'

/** Comments that read the same in Spanish: a value, not words. */
const SAME_IN_BOTH = new Set(["['bnpl_instalments', 'bnpl_split_pay', 'consumer_loan_instalments', …]"])

const samples = sampleFiles().map((file) => {
  const path = join(siteDir, file)
  return { file, path, code: readFileSync(path, 'utf8'), language: sampleLanguage(file) }
})

/** The code of a sample without its comments: what must not change from one language to the other. */
function codeOnly(code: string, language: SampleLanguage): string[] {
  const lines = code.split('\n')
  const comments = sampleComments(code, language)
  const dropped = new Set(comments.filter((c) => c.lines > 1 || isWholeLine(lines[c.line])).flatMap(range))
  return lines
    .map((line, index) => {
      if (dropped.has(index)) return undefined
      const trailing = comments.find((c) => c.line === index)
      return trailing ? line.slice(0, line.length - trailing.text.length) : line
    })
    .filter((line) => line !== undefined)
}

function isWholeLine(line: string | undefined): boolean {
  return /^\s*(#|\/\/|\/\*\*) /.test(line ?? '')
}

function range(comment: { line: number; lines: number }): number[] {
  return Array.from({ length: comment.lines }, (_, i) => comment.line + i)
}

describe('finding the comments of a sample', () => {
  it('reads blocks of whole-line comments and comments after code, and nothing inside strings or URLs', () => {
    const bash = [
      '#!/usr/bin/env bash',
      '# expect: ErrorBodySchema',
      '# Creates a session',
      '# and prints it.',
      'set -euo pipefail',
      'AMOUNT=89900   # cents: the cart total',
      `HPP_ID="\${REDIRECT_URL##*/}"`,
      'echo "# not a comment" \'see http://x/#y\'',
      '  # 1. Log in;',
      '  #    the token authorizes the rest.',
      "node -e '",
      '  if (x) continue // auto loans',
      "'",
    ].join('\n')
    expect(sampleComments(bash, 'bash')).toEqual([
      { text: 'Creates a session\nand prints it.', line: 2, lines: 2 },
      { text: 'cents: the cart total', line: 5, lines: 1 },
      { text: '1. Log in;\n   the token authorizes the rest.', line: 8, lines: 2 },
      { text: 'auto loans', line: 11, lines: 1 },
    ])
    const ts = [
      '// expect: SessionResponseSchema',
      '/** Calls the API. */',
      "const url = 'http://localhost:4000/api/v2' // the sandbox",
      '// # not bash',
    ].join('\n')
    expect(sampleComments(ts, 'ts')).toEqual([
      { text: 'Calls the API.', line: 1, lines: 1 },
      { text: 'the sandbox', line: 2, lines: 1 },
      { text: '# not bash', line: 3, lines: 1 },
    ])
  })

  it('writes the Spanish in place, with the indentation and markers of the English, and lists what is missing', () => {
    const code = [
      '/** Calls the API. */',
      'function f() {',
      '  // One',
      '  // two.',
      '  return 1 // one',
      '}',
    ].join('\n')
    const catalogue = new Map([
      ['Calls the API.', 'Llama a la API.'],
      ['One\ntwo.', 'Uno, dos\ny tres.'],
    ])
    expect(translateSampleComments(code, 'ts', catalogue)).toEqual({
      code: [
        '/** Llama a la API. */',
        'function f() {',
        '  // Uno, dos',
        '  // y tres.',
        '  return 1 // one',
        '}',
      ].join('\n'),
      missing: ['one'],
    })
  })
})

describe('the Spanish comments of the samples', () => {
  it.each(samples.map((s) => [s.file, s] as const))(
    '%s has every comment in Spanish, and only comments change',
    (_file, sample) => {
      const spanish = spanishSample(sample.path, sample.code)
      expect(codeOnly(spanish, sample.language)).toEqual(codeOnly(sample.code, sample.language))
      const comments = sampleComments(sample.code, sample.language).filter((c) => !SAME_IN_BOTH.has(c.text))
      for (const comment of comments) expect(spanish).not.toContain(comment.text)
    },
  )

  const folders = [...new Set(samples.map((s) => dirname(s.path)))]
  it.each(folders.map((folder) => [folder.slice(samplesDir.length + 1), folder] as const))(
    'samples/%s/comments.es.yaml has no unused entry and nothing copied from the English',
    (_name, folder) => {
      const catalogue = readCommentCatalogue(catalogueFile(join(folder, 'any.sh')))
      const inFolder = samples.filter((s) => dirname(s.path) === folder)
      const comments = inFolder.flatMap((s) => sampleComments(s.code, s.language))
      const used = new Set(comments.map((c) => c.text))
      expect([...catalogue.keys()].filter((en) => !used.has(en))).toEqual([])
      expect([...catalogue].filter(([en, es]) => en === es && !SAME_IN_BOTH.has(en))).toEqual([])
    },
  )

  it('has a catalogue in every folder of samples', () => {
    const withSamples = readdirSync(samplesDir, { withFileTypes: true }).filter((entry) =>
      entry.isDirectory(),
    )
    for (const entry of withSamples) {
      expect(
        readCommentCatalogue(join(samplesDir, entry.name, 'comments.es.yaml')).size,
        entry.name,
      ).toBeGreaterThan(0)
    }
  })
})
