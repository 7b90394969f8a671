import type ThemedRedoc from './themed-redoc.tsx'

/** Browser bundle: Redoc (over 1 MiB of script) is fetched only when a reference becomes interactive. */
export const preloadedRedoc: typeof ThemedRedoc | undefined = undefined

export function loadRedoc(): Promise<typeof ThemedRedoc> {
  return import('./themed-redoc.tsx').then((module) => module.default)
}
