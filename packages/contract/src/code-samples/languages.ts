// The eight languages of the samples: which httpsnippet client writes each, how its literals read the
// environment, and what turns httpsnippet's snippet into a program a reader can save and run. Clients are
// chosen to need nothing beyond the language's standard library, except Python's `requests`.
import type { HTTPSnippet } from '@readme/httpsnippet'
import {
  camelCase,
  concatenation,
  DOUBLE_QUOTED,
  interpolation,
  onlyVariable,
  type Piece,
  pascalCase,
  QUOTED,
  rewriteLiterals,
  snakeCase,
  wordsOf,
} from './literals.ts'
import { sdkProgram } from './node-sdk.ts'
import type { EnvVariable } from './request.ts'

type TargetId = Parameters<HTTPSnippet['convert']>[0]
type ClientId = NonNullable<Parameters<HTTPSnippet['convert']>[1]>

export interface Program {
  /** The operation id (names the class in Java and C#). */
  id: string
  variables: EnvVariable[]
  /** The request's JSON body with its placeholders, if it has one. */
  body?: string | undefined
}

export interface Language {
  /** Redoc's `lang` (it picks the syntax highlighting) and the tab's label. */
  lang: string
  label: string
  /** Extension of a file holding the sample. */
  extension: string
  target: TargetId
  client: ClientId
  options?: Record<string, unknown>
  /** Rewrites the literals holding placeholders so they read the variables. */
  readEnvironment(code: string, variables: EnvVariable[]): string
  /** The finished program: httpsnippet's snippet with the variables declared. */
  program(snippet: string, program: Program): string
}

const indent = (code: string, prefix: string) =>
  code
    .split('\n')
    .map((line) => (line ? `${prefix}${line}` : line))
    .join('\n')

/** Replaces `search` in `code`, failing loudly when a new httpsnippet writes something else. */
function replaceOnce(code: string, search: string, replacement: string): string {
  if (!code.includes(search)) throw new Error(`Code sample: expected ${JSON.stringify(search)} in\n${code}`)
  return code.replace(search, () => replacement)
}

/** A literal that is only a variable becomes the variable; others go to `write`. */
const literalOr =
  (name: (variable: EnvVariable) => string, write: (quote: string, pieces: Piece[]) => string) =>
  (quote: string, pieces: Piece[]) => {
    const variable = onlyVariable(pieces)
    return variable ? name(variable) : write(quote, pieces)
  }

const shellName = (variable: EnvVariable, next: string | undefined) =>
  next && /^\w/.test(next) ? `\${${variable.name}}` : `$${variable.name}`

/** Shell: double-quoted `"$VAR/…"` when the text allows it, else `'…'"$VAR"'…'`. */
function shellWord(pieces: Piece[]): string {
  const plain = pieces.every((piece) => 'variable' in piece || !/["$`\\!]/.test(piece.text))
  if (plain) return `"${interpolation(pieces, (text) => text, shellName)}"`
  return pieces
    .map((piece) => ('variable' in piece ? `"$${piece.variable.name}"` : `'${piece.text}'`))
    .join('')
}

const curl: Language = {
  lang: 'Shell',
  label: 'curl',
  extension: 'sh',
  target: 'shell',
  client: 'curl',
  readEnvironment: (code, variables) =>
    rewriteLiterals(
      code,
      // A here-document (httpsnippet's form for bodies holding a '), a single-quoted word, or a bare word.
      /<<(EOF)\n([\s\S]*?)\nEOF|(')([^']*)'|()((?<=\s)[^\s'"]*__PLAZO_[A-Z_]+__[^\s'"]*)/g,
      variables,
      (quote, pieces) => {
        if (quote === 'EOF') {
          const body = interpolation(pieces, (text) => text.replace(/[\\$`]/g, '\\$&'), shellName)
          return `<<EOF\n${body}\nEOF`
        }
        return shellWord(pieces)
      },
    ),
  program: (snippet, { variables }) => {
    const defaults = variables
      .filter((variable) => variable.fallback)
      .map((variable) => `${variable.name}="\${${variable.name}:-${variable.fallback}}"`)
    return `${defaults.join('\n')}\n\n${snippet}`
  },
}

const node: Language = {
  lang: 'JavaScript',
  label: 'Node.js',
  extension: 'mjs',
  target: 'node',
  client: 'fetch',
  readEnvironment: (code, variables) =>
    rewriteLiterals(
      code,
      QUOTED,
      variables,
      literalOr(camelCase, (quote, pieces) => {
        const text = (raw: string) =>
          raw.replaceAll(`\\${quote}`, quote).replace(/`|\$\{/g, (match) => `\\${match}`)
        return `\`${interpolation(pieces, text, (variable) => `\${${camelCase(variable)}}`)}\``
      }),
    ),
  // With the SDK where it has the call (node-sdk.ts); else plain fetch.
  program: (snippet, { id, variables, body }) => {
    const withSdk = sdkProgram(id, variables, body)
    if (withSdk !== undefined) return withSdk
    const declarations = variables.map((variable) =>
      variable.fallback
        ? `const ${camelCase(variable)} = process.env.${variable.name} ?? '${variable.fallback}';`
        : `const ${camelCase(variable)} = process.env.${variable.name};`,
    )
    // The answer's body as sent (JSON or PEM), not the object console.log would abbreviate.
    const printed = replaceOnce(
      snippet,
      '.then(res => res.json())\n  .then(json => console.log(json))',
      '.then(res => res.text())\n  .then(body => console.log(body))',
    )
    return `${declarations.join('\n')}\n\n${printed}`
  },
}

const python: Language = {
  lang: 'Python',
  label: 'Python',
  extension: 'py',
  target: 'python',
  client: 'requests',
  readEnvironment: (code, variables) =>
    rewriteLiterals(
      code,
      QUOTED,
      variables,
      literalOr(snakeCase, (quote, pieces) => {
        const text = (raw: string) => raw.replace(/[{}]/g, '$&$&')
        return `f${quote}${interpolation(pieces, text, (variable) => `{${snakeCase(variable)}}`)}${quote}`
      }),
    ),
  program: (snippet, { variables }) => {
    const declarations = variables.map((variable) =>
      variable.fallback
        ? `${snakeCase(variable)} = os.environ.get("${variable.name}", "${variable.fallback}")`
        : `${snakeCase(variable)} = os.environ["${variable.name}"]`,
    )
    return replaceOnce(
      snippet,
      'import requests\n\n',
      `import os\n\nimport requests\n\n${declarations.join('\n')}\n\n`,
    )
  },
}

const php: Language = {
  lang: 'PHP',
  label: 'PHP',
  extension: 'php',
  target: 'php',
  client: 'curl',
  readEnvironment: (code, variables) =>
    rewriteLiterals(
      code,
      QUOTED,
      variables,
      literalOr(
        (variable) => `$${camelCase(variable)}`,
        (quote, pieces) => concatenation(quote, pieces, (variable) => `$${camelCase(variable)}`, ' . '),
      ),
    ),
  program: (snippet, { variables }) => {
    const declarations = variables.map((variable) =>
      variable.fallback
        ? `$${camelCase(variable)} = getenv('${variable.name}') ?: '${variable.fallback}';`
        : `$${camelCase(variable)} = getenv('${variable.name}');`,
    )
    return replaceOnce(snippet, '<?php\n\n', `<?php\n\n${declarations.join('\n')}\n\n`)
  },
}

const java: Language = {
  lang: 'Java',
  label: 'Java',
  extension: 'java',
  target: 'java',
  client: 'nethttp',
  readEnvironment: (code, variables) =>
    rewriteLiterals(
      code,
      DOUBLE_QUOTED,
      variables,
      literalOr(camelCase, (quote, pieces) => concatenation(quote, pieces, camelCase)),
    ),
  program: (snippet, { id, variables }) => {
    const declarations = variables.map((variable) =>
      variable.fallback
        ? `String ${camelCase(variable)} = System.getenv().getOrDefault("${variable.name}", "${variable.fallback}");`
        : `String ${camelCase(variable)} = System.getenv("${variable.name}");`,
    )
    const body = indent(`${declarations.join('\n')}\n\n${snippet}`, '    ')
    return [
      'import java.net.URI;',
      'import java.net.http.HttpClient;',
      'import java.net.http.HttpRequest;',
      'import java.net.http.HttpResponse;',
      '',
      `public class ${pascalCase(id)} {`,
      '  public static void main(String[] args) throws Exception {',
      body,
      '  }',
      '}',
    ].join('\n')
  },
}

/** Go names keep initialisms in capitals: apiURL, checkoutSessionID. */
const goName = (variable: EnvVariable) =>
  wordsOf(variable)
    .map((word, index) => {
      if (word === 'id' || word === 'url') return index ? word.toUpperCase() : word
      return index ? word.charAt(0).toUpperCase() + word.slice(1) : word
    })
    .join('')

const go: Language = {
  lang: 'Go',
  label: 'Go',
  extension: 'go',
  target: 'go',
  client: 'native',
  options: { checkErrors: true },
  readEnvironment: (code, variables) =>
    rewriteLiterals(
      code,
      DOUBLE_QUOTED,
      variables,
      // gofmt writes `a + b`, but `f(x, "a"+b)` among the arguments of a call that has several.
      (quote, pieces, before) => {
        const variable = onlyVariable(pieces)
        if (variable) return goName(variable)
        return concatenation(quote, pieces, goName, /,\s*$/.test(before) ? '+' : ' + ')
      },
    ),
  program: (snippet, { variables }) => {
    const declarations = variables.map((variable) =>
      variable.fallback
        ? `${goName(variable)} := os.Getenv("${variable.name}")\nif ${goName(variable)} == "" {\n\t${goName(variable)} = "${variable.fallback}"\n}`
        : `${goName(variable)} := os.Getenv("${variable.name}")`,
    )
    // gofmt's layout: imports sorted, no blank line opening or closing main.
    const imports = /import \(\n([^)]*)\)/.exec(snippet)
    if (!imports) throw new Error(`Code sample: no import block in\n${snippet}`)
    const packages = [...(imports[1] as string).trim().split('\n'), '\t"os"']
      .map((line) => line.trim())
      .sort()
    return replaceOnce(
      replaceOnce(
        snippet.replace(imports[0], `import (\n${packages.map((line) => `\t${line}`).join('\n')}\n)`),
        'func main() {\n\n',
        `func main() {\n${indent(declarations.join('\n'), '\t')}\n\n`,
      ),
      '\n\n}',
      '\n}',
    )
  },
}

const csharp: Language = {
  lang: 'C#',
  label: 'C#',
  extension: 'cs',
  target: 'csharp',
  client: 'httpclient',
  readEnvironment: (code, variables) =>
    rewriteLiterals(
      code,
      DOUBLE_QUOTED,
      variables,
      literalOr(camelCase, (quote, pieces) => {
        const text = (raw: string) => raw.replace(/[{}]/g, '$&$&')
        return `$${quote}${interpolation(pieces, text, (variable) => `{${camelCase(variable)}}`)}${quote}`
      }),
    ),
  program: (snippet, { id, variables }) => {
    const declarations = variables.map((variable) =>
      variable.fallback
        ? `var ${camelCase(variable)} = Environment.GetEnvironmentVariable("${variable.name}") ?? "${variable.fallback}";`
        : `var ${camelCase(variable)} = Environment.GetEnvironmentVariable("${variable.name}");`,
    )
    // Print the body of an error answer too, as the other languages do, instead of throwing on it.
    const code = replaceOnce(
      replaceOnce(snippet, 'using System.Net.Http.Headers;\n', ''),
      '    response.EnsureSuccessStatusCode();\n',
      '',
    )
    return [
      'using System;',
      'using System.Net.Http;',
      'using System.Net.Http.Headers;',
      'using System.Threading.Tasks;',
      '',
      `class ${pascalCase(id)}`,
      '{',
      '    static async Task Main()',
      '    {',
      indent(`${declarations.join('\n')}\n\n${code}`, '        '),
      '    }',
      '}',
    ].join('\n')
  },
}

const ruby: Language = {
  lang: 'Ruby',
  label: 'Ruby',
  extension: 'rb',
  target: 'ruby',
  client: 'native',
  readEnvironment: (code, variables) =>
    rewriteLiterals(
      code,
      QUOTED,
      variables,
      literalOr(snakeCase, (quote, pieces) => {
        // Interpolation needs double quotes: a single-quoted text is decoded, then escaped again.
        const text = (raw: string) =>
          (quote === "'" ? raw.replace(/\\([\\'])/g, '$1').replace(/[\\"]/g, '\\$&') : raw).replace(
            /#(?=[{$@])/g,
            '\\#',
          )
        return `"${interpolation(pieces, text, (variable) => `#{${snakeCase(variable)}}`)}"`
      }),
    ),
  program: (snippet, { variables }) => {
    const declarations = variables.map((variable) =>
      variable.fallback
        ? `${snakeCase(variable)} = ENV.fetch("${variable.name}", "${variable.fallback}")`
        : `${snakeCase(variable)} = ENV.fetch("${variable.name}")`,
    )
    return replaceOnce(
      snippet,
      "require 'net/http'\n\n",
      `require 'net/http'\n\n${declarations.join('\n')}\n\n`,
    )
  },
}

/** The tabs of every operation, in this order. */
export const LANGUAGES: Language[] = [curl, node, python, php, java, go, csharp, ruby]
