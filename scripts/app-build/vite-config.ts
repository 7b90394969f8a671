// The Vite configuration the React apps the API serves share (apps/hpp, apps/dashboard), used by their
// scripts/vite-config.ts. It runs under tsx, not Vite's own config loader, so an app's configuration can read
// the contract's TypeScript source and compile what it takes from it in as constants (`define`).
import react from '@vitejs/plugin-react'
import type { InlineConfig } from 'vite'

export interface ReactAppOptions {
  /** The app's folder (index.html, src/). */
  root: string
  /** Where the build goes. */
  dist: string
  /** Where the API serves the built app. */
  base: string
  /** Global constants replaced at build time, as JSON. */
  define: Record<string, string>
}

export function reactAppConfig({ root, dist, base, define }: ReactAppOptions): InlineConfig {
  return {
    configFile: false,
    root,
    base,
    plugins: [react()],
    define,
    build: {
      outDir: dist,
      emptyOutDir: true,
      target: 'es2022',
      // One small bundle: the whole app is the first load, and splitting would only add round trips.
      modulePreload: { polyfill: false },
    },
  }
}
