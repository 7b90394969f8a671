import Redoc from '@theme-original/Redoc'

/** Server bundle: Redoc is rendered into the prerendered page, so it is there at once. */
export const preloadedRedoc: typeof Redoc | undefined = Redoc

export function loadRedoc(): Promise<typeof Redoc> {
  return Promise.resolve(Redoc)
}
