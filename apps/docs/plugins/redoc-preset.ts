import { createRequire } from 'node:module'
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types'
import redocusaurus, { type PresetOptions } from 'redocusaurus'

/**
 * Redocusaurus, minus one cost and with readable dark colours. Its plugin also publishes each converted
 * OpenAPI document as Docusaurus "global data", which is bundled into the main script of every page —
 * several hundred KiB of JSON that only the reference pages use, and they receive their document through
 * their own route data anyway. This preset runs the redocusaurus preset unchanged, drops that global copy,
 * and gives the dark Redoc theme colours that meet WCAG AA on its dark backgrounds (the light theme's
 * red and green are 3.2:1 there); redocusaurus takes one set of theme settings for both modes.
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

function withoutGlobalSpec(plugin: PluginModule<unknown>): PluginModule<unknown> {
  return async (context, options) => {
    const instance = (await plugin(context, options)) as AnyPlugin
    const contentLoaded = instance.contentLoaded?.bind(instance)
    return {
      ...instance,
      contentLoaded: contentLoaded
        ? (args) => contentLoaded({ ...args, actions: { ...args.actions, setGlobalData: () => {} } })
        : undefined,
    }
  }
}

export default async function redocPreset(context: LoadContext, options: PresetOptions) {
  const preset = await redocusaurus(context, options)
  const wrap = (wrapper: typeof withoutGlobalSpec) => (entry: unknown) => {
    const [modulePath, pluginOptions] = entry as [string, unknown]
    const loaded = require(modulePath) as { default?: PluginModule<unknown> } & PluginModule<unknown>
    return [wrapper(loaded.default ?? loaded), pluginOptions]
  }
  return {
    themes: preset.themes.map(wrap(withDarkColours)),
    plugins: preset.plugins.map(wrap(withoutGlobalSpec)),
  }
}
