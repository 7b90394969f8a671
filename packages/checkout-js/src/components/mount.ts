import type { MountElement } from '../types.ts'

/** The element a component renders into. */
export function resolveMountElement(target: MountElement['mountElement']): Element {
  if (typeof target === 'string') {
    const found = document.querySelector(target)
    if (!found) throw new Error(`Plazo: no element matches the mountElement selector "${target}".`)
    return found
  }
  if (!target || typeof (target as Element).appendChild !== 'function') {
    throw new Error('Plazo: mountElement must be an Element or a CSS selector.')
  }
  return target
}

let counter = 0

/** An id unique in the page, for label/control pairs. */
export function uniqueId(prefix: string): string {
  counter += 1
  return `${prefix}-${counter}`
}

/** Creates an element with attributes and text. */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
  if (text !== undefined) node.textContent = text
  return node
}
