import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { LoadContext, Plugin } from '@docusaurus/types'
import type { Configuration, RuleSetRule } from 'webpack'

/**
 * Redoc CE writes part of its chrome as fixed English literals in its components ("Request Body schema:",
 * "Authorizations:", "path Parameters", "<= 36 characters", "Copy"…); its `labels` option
 * (plugins/redoc-labels.ts) covers only some of them. On the Spanish build, the loader below
 * (string-replace-loader) rewrites those literals in the two Redoc bundles the site uses, the server one that
 * prerenders the page and the browser one that takes it over.
 *
 * Every entry is anchored on the compiled code of Redoc 2.4.0 (pinned by the lockfile) and states how many
 * times its anchor occurs in each bundle: the build fails when an anchor is missing (`strict`), and
 * __tests__/redoc-spanish.test.ts fails when a count differs, so an upgrade of Redoc cannot leave a phrase
 * silently in English.
 */
export interface RedocPhrase {
  /** The compiled code to find; a RegExp always carries the `g` flag (every occurrence is rewritten). */
  search: string | RegExp
  /** What it becomes: the whole match, or a function of the match and its groups. */
  replace: string | ((match: string, ...groups: string[]) => string)
  /** Occurrences of `search` in each of the two bundles. */
  count: number
}

/** Where `{place} Parameters` puts the place: "path Parameters" → "Parámetros de ruta". */
const PLACES = '{path:"ruta",query:"consulta",header:"cabecera",cookie:"cookie"}'

export const redocSpanishPhrases: readonly RedocPhrase[] = [
  // Operation: parameters, body and responses.
  {
    search: /(\w+)," Parameters"\)/g,
    replace: (_, place) => `"Parámetros de ",(${PLACES}[${place}]||${place}))`,
    count: 1,
  },
  { search: '"Request Body schema: "', replace: '"Esquema del cuerpo de la petición: "', count: 1 },
  { search: /null,"required"\)/g, replace: 'null,"obligatorio")', count: 2 },
  { search: 'null,"optional")', replace: 'null,"opcional")', count: 1 },
  { search: '"Response Schema: "', replace: '"Esquema de la respuesta: "', count: 1 },
  { search: '" Response Headers "', replace: '" Cabeceras de la respuesta "', count: 1 },
  { search: '"Authorizations:"', replace: '"Autorizaciones:"', count: 1 },
  { search: '"None"', replace: '"Ninguna"', count: 1 },
  { search: /"Content type"/g, replace: '"Tipo de contenido"', count: 2 },
  { search: 'label:"Payload"', replace: 'label:"Cuerpo"', count: 1 },
  { search: /(null,|ariaLabel:)"Example"/g, replace: (_, before) => `${before}"Ejemplo"`, count: 3 },
  { search: '"No sample"', replace: '"Sin ejemplo"', count: 1 },
  { search: '" Callback payload samples "', replace: '" Ejemplos de cuerpo del callback "', count: 1 },
  // Fields: types, constraints and labels.
  { search: /" or "/g, replace: '" o "', count: 7 },
  { search: '` or ${', replace: '` o ${', count: 1 },
  // "Array of objects" becomes "Array de object": the JSON Schema type keeps its name, unpluralised.
  { search: '"$1s$2"', replace: '"$1$2"', count: 1 },
  { search: '"Any of"', replace: '"Cualquiera de"', count: 1 },
  { search: /"One of"/g, replace: '"Uno de"', count: 2 },
  { search: '"characters",', replace: '"caracteres",', count: 1 },
  { search: /"items",(\w+)\.minItems/g, replace: (_, schema) => `"elementos",${schema}.minItems`, count: 1 },
  {
    search: /"properties",(\w+)\.minProperties/g,
    replace: (_, schema) => `"propiedades",${schema}.minProperties`,
    count: 1,
  },
  { search: '"non-empty"', replace: '"no vacío"', count: 1 },
  { search: '`multiple of ${', replace: '`múltiplo de ${', count: 1 },
  { search: '`decimal places <= ${', replace: '`decimales <= ${', count: 1 },
  { search: '.push("unique")', replace: '.push("únicos")', count: 1 },
  { search: '"[ items"', replace: '"[ elementos"', count: 1 },
  { search: '"additional property"', replace: '"propiedad adicional"', count: 1 },
  { search: '"pattern property"', replace: '"propiedad por patrón"', count: 1 },
  { search: '"Show pattern"', replace: '"Mostrar patrón"', count: 1 },
  { search: '"Hide pattern"', replace: '"Ocultar patrón"', count: 1 },
  { search: '} more`:"Hide"', replace: '} más`:"Ocultar"', count: 1 },
  { search: 'null,"Description")', replace: 'null,"Descripción")', count: 1 },
  { search: '{type:"warning"},"Deprecated")', replace: '{type:"warning"},"Obsoleto")', count: 1 },
  { search: '" Deprecated "', replace: '" Obsoleto "', count: 1 },
  { search: '" Schema not provided "', replace: '" Esquema no indicado "', count: 1 },
  { search: '"See more"', replace: '"Ver más"', count: 1 },
  { search: '"See less"', replace: '"Ver menos"', count: 1 },
  // Samples: copy and the JSON viewer.
  { search: '"Copied"', replace: '"Copiado"', count: 1 },
  { search: '"Not supported in your browser"', replace: '"Tu navegador no lo permite"', count: 1 },
  { search: '},"Copy")', replace: '},"Copiar")', count: 1 },
  { search: '" Expand all "', replace: '" Desplegar todo "', count: 1 },
  { search: '" Collapse all "', replace: '" Plegar todo "', count: 1 },
  // Page: API information, menu footer, loading and errors.
  { search: '"License:"', replace: '"Licencia:"', count: 1 },
  { search: '"Terms of Service"', replace: '"Condiciones del servicio"', count: 1 },
  { search: '"API docs by Redocly"', replace: '"Documentación de la API con Redocly"', count: 1 },
  { search: '"Loading ..."', replace: '"Cargando…"', count: 1 },
  { search: '"Loading..."', replace: '"Cargando…"', count: 1 },
  { search: '"Something went wrong..."', replace: '"Algo ha fallado…"', count: 1 },
]

const require = createRequire(import.meta.url)

/** The folder of the Redoc bundles docusaurus-theme-redoc imports (its own copy of Redoc). */
export function redocBundlesDir(): string {
  const theme = dirname(require.resolve('docusaurus-theme-redoc/package.json'))
  const redoc = createRequire(join(theme, 'package.json')).resolve('redoc/package.json')
  return join(dirname(redoc), 'bundles')
}

/** The two bundles: `main` for the server build, `browser` for the client build. */
export const REDOC_BUNDLES = ['redoc.lib.js', 'redoc.browser.lib.js'] as const

/** Occurrences of a phrase's anchor in a text. */
export function occurrences(text: string, search: string | RegExp): number {
  if (typeof search === 'string') return text.split(search).length - 1
  return [...text.matchAll(search)].length
}

/** A phrase's replacement as a function, so a `$` in it is taken literally (String.prototype.replace). */
function replacer(phrase: RedocPhrase): (match: string, ...groups: string[]) => string {
  const { replace } = phrase
  return typeof replace === 'string' ? () => replace : replace
}

/** Applies every phrase to a text, as the loader does (first occurrence of a string, every match of a RegExp). */
export function translateRedoc(text: string): string {
  return redocSpanishPhrases.reduce(
    (current, phrase) => current.replace(phrase.search, replacer(phrase)),
    text,
  )
}

/** The webpack rule of the Spanish build: string-replace-loader on the two Redoc bundles. */
export function redocSpanishRule(): RuleSetRule {
  return {
    test: /[\\/]redoc[\\/]bundles[\\/]redoc(\.browser)?\.lib\.js$/,
    loader: require.resolve('string-replace-loader'),
    options: {
      multiple: redocSpanishPhrases.map((phrase) => ({
        search: phrase.search,
        replace: replacer(phrase),
        strict: true,
      })),
    },
  }
}

/**
 * The Docusaurus plugin: on the Spanish build only, the loader on the Redoc bundles, and this file as a
 * dependency of the bundler's persistent cache (a changed phrase must not leave the cached English bundle).
 */
export function redocSpanishPlugin(context: LoadContext): Plugin {
  return {
    name: 'plazo-redoc-spanish',
    configureWebpack: (config: Configuration) => {
      if (context.i18n.currentLocale !== 'es') return {}
      const cached = typeof config.cache === 'object' && config.cache.type === 'filesystem'
      return {
        module: { rules: [redocSpanishRule()] },
        ...(cached ? { cache: { type: 'filesystem', buildDependencies: { redocSpanish: [thisFile] } } } : {}),
      }
    },
  }
}

const thisFile = fileURLToPath(import.meta.url)
