import { type PlazoError, toPlazoError } from '../errors.ts'
import { currentSettings } from '../storage.ts'
import type { ComponentHandle, Locale } from '../types.ts'

/** What a component that shows figures from the API does; {@link liveComponent} runs it. */
export interface LiveRendering<P> {
  /**
   * Fetches and shows the figures for `props`. After each `await` it returns at once when `stale()`: a newer
   * render (an update) or an unmount superseded it while the request was in flight. What it throws empties
   * the component (`clear`) and reaches `onError` as a PlazoError in the component's locale, unless it is stale
   * by then.
   */
  render(props: P, stale: () => boolean): Promise<void>
  /** Empties and hides the component after a failure. */
  clear(): void
  /** The props an update leads to; default: `next` merged into the current ones. */
  merge?(current: P, next: Partial<P>): P
}

/**
 * The life shared by the components that render from the API (BnplComponent, SimulatorComponent): render
 * now and on each `update`, only the latest render may touch the DOM, a failure calls `onError`, and
 * `unmount` removes the element and ignores what is still in flight. Returns the handle and a reader of the
 * current props, for the component's own event listeners.
 */
export function liveComponent<P extends { onError?: (error: PlazoError) => void; locale?: Locale }>(
  root: HTMLElement,
  props: P,
  rendering: LiveRendering<P>,
): { handle: ComponentHandle<P>; props(): P } {
  let current = { ...props }
  let generation = 0
  let mounted = true

  async function render(): Promise<void> {
    generation += 1
    const mine = generation
    const stale = () => mine !== generation || !mounted
    try {
      await rendering.render(current, stale)
    } catch (error) {
      if (stale()) return
      rendering.clear()
      current.onError?.(toPlazoError(error, current.locale ?? currentSettings().locale))
    }
  }

  void render()
  return {
    props: () => current,
    handle: {
      element: root,
      update(next) {
        if (!mounted) return
        current = rendering.merge ? rendering.merge(current, next) : { ...current, ...next }
        void render()
      },
      unmount() {
        if (!mounted) return
        mounted = false
        root.remove()
      },
    },
  }
}
