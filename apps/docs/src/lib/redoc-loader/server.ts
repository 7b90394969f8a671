import ThemedRedoc from './themed-redoc.tsx'

/** Server bundle: Redoc is rendered into the prerendered page, so it is there at once. */
export const preloadedRedoc: typeof ThemedRedoc | undefined = ThemedRedoc

export function loadRedoc(): Promise<typeof ThemedRedoc> {
  return Promise.resolve(ThemedRedoc)
}
