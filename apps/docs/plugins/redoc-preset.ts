import { createRequire } from 'node:module'
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types'
import redocusaurus, { type PresetOptions } from 'redocusaurus'

/**
 * Redocusaurus, minus one cost. Its plugin also publishes each converted OpenAPI document as Docusaurus
 * "global data", which is bundled into the main script of every page — several hundred KiB of JSON that
 * only the reference pages use, and they receive their document through their own route data anyway.
 * This preset runs the redocusaurus preset unchanged and only drops that global copy.
 */

const require = createRequire(import.meta.url)

type AnyPlugin = Plugin<unknown>

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
  return {
    themes: preset.themes,
    plugins: preset.plugins.map((entry) => {
      const [modulePath, pluginOptions] = entry as [string, unknown]
      const loaded = require(modulePath) as { default?: PluginModule<unknown> } & PluginModule<unknown>
      return [withoutGlobalSpec(loaded.default ?? loaded), pluginOptions]
    }),
  }
}
