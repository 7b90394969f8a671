import type Redoc from '@theme-original/Redoc'

/** Browser bundle: Redoc (over 1 MiB of script) is fetched only when a reference becomes interactive. */
export const preloadedRedoc: typeof Redoc | undefined = undefined

export function loadRedoc(): Promise<typeof Redoc> {
  return import('@theme-original/Redoc').then((module) => module.default)
}
