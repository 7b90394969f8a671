import { createRequire } from 'node:module'
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types'
import redocusaurus, { type PresetOptions } from 'redocusaurus'
import { browserModuleSource } from '../src/lib/reference-document.ts'

/**
 * Redocusaurus, minus one cost and with readable dark colours. Its plugin also publishes each converted
 * OpenAPI document as Docusaurus "global data", which is bundled into the main script of every page —
 * several hundred KiB of JSON that only the reference pages use, and they receive their document through
 * their own route data anyway. This preset runs the redocusaurus preset unchanged, drops that global copy,
 * keeps the document out of the browser's route data too (withLazyDocument), and gives the dark Redoc theme
 * colours that meet WCAG AA on its dark backgrounds (the light theme's red and green are 3.2:1 there);
 * redocusaurus takes one set of theme settings for both modes.
 */

const require = createRequire(import.meta.url)

type AnyPlugin = Plugin<unknown>

/** Dark-mode Redoc colours, over the theme redocusaurus computes (AA on #1b1b1d and on black). */
export const DARK_THEME_COLOURS: Record<string, Record<string, string>> = {
  success: { main: '#81c995' },
  error: { main: '#ff8a80' },
}

interface RedocThemeData {
  darkTheme?: { colors?: Record<string, Record<string, unknown>> }
}

function withReadableColours(darkTheme: RedocThemeData['darkTheme'] = {}): RedocThemeData['darkTheme'] {
  const colors = { ...darkTheme.colors }
  for (const [name, shades] of Object.entries(DARK_THEME_COLOURS))
    colors[name] = { ...colors[name], ...shades }
  return { ...darkTheme, colors }
}

function withDarkColours(plugin: PluginModule<unknown>): PluginModule<unknown> {
  return async (context, options) => {
    const instance = (await plugin(context, options)) as AnyPlugin
    const contentLoaded = instance.contentLoaded?.bind(instance)
    return {
      ...instance,
      contentLoaded: contentLoaded
        ? (args) => {
            const setGlobalData = (data: unknown) => {
              const theme = data as RedocThemeData
              args.actions.setGlobalData({ ...theme, darkTheme: withReadableColours(theme.darkTheme) })
            }
            return contentLoaded({ ...args, actions: { ...args.actions, setGlobalData } })
          }
        : undefined,
    }
  }
}

/** The route data files redocusaurus writes, one per reference: `{ url, themeId, …, spec }`. */
export const ROUTE_DATA_FILE = /^redocApiSpecV1\.2-(.+)\.json$/
/** A module request for one of those files (the routes import them by path). */
export const ROUTE_DATA_REQUEST = /[\\/]redocApiSpecV1\.2-[^\\/]+\.json$/

/** The browser bundle's stand-in for a route data file (docusaurus.config.ts swaps it in). */
export function browserDataFile(routeDataFile: string): string {
  return routeDataFile.replace(/\.json$/, '.browser.js')
}

/**
 * Drops the global copy of the document (see above), and gives each reference route a light browser module
 * beside its data file: src/lib/reference-document.ts says what it holds and why.
 */
function withLazyDocument(plugin: PluginModule<unknown>): PluginModule<unknown> {
  return async (context, options) => {
    const instance = (await plugin(context, options)) as AnyPlugin
    const contentLoaded = instance.contentLoaded?.bind(instance)
    if (!contentLoaded) return instance
    return {
      ...instance,
      contentLoaded: (args) => {
        const { createData } = args.actions
        const createDataWithBrowserModule: typeof createData = async (name, content) => {
          const path = await createData(name, content)
          const id = ROUTE_DATA_FILE.exec(name)?.[1]
          if (id === undefined) return path
          const data = (typeof content === 'string' ? JSON.parse(content) : content) as Record<
            string,
            unknown
          >
          const documentFile = `redocApiDocument-${id}.json`
          await createData(documentFile, JSON.stringify(data.spec))
          await createData(browserDataFile(name), browserModuleSource(data, documentFile))
          return path
        }
        return contentLoaded({
          ...args,
          actions: { ...args.actions, setGlobalData: () => {}, createData: createDataWithBrowserModule },
        })
      },
    }
  }
}

export default async function redocPreset(context: LoadContext, options: PresetOptions) {
  const preset = await redocusaurus(context, options)
  const wrap = (wrapper: typeof withLazyDocument) => (entry: unknown) => {
    const [modulePath, pluginOptions] = entry as [string, unknown]
    const loaded = require(modulePath) as { default?: PluginModule<unknown> } & PluginModule<unknown>
    return [wrapper(loaded.default ?? loaded), pluginOptions]
  }
  return {
    themes: preset.themes.map(wrap(withDarkColours)),
    plugins: preset.plugins.map(wrap(withLazyDocument)),
  }
}
