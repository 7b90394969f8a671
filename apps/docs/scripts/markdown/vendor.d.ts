// Type declarations for the two untyped packages the Markdown twins use.
declare module '@joplin/turndown-plugin-gfm' {
  import type TurndownService from 'turndown'
  export const gfm: TurndownService.Plugin
}

declare module '@mixmark-io/domino' {
  export function createDocument(html?: string, force?: boolean): Document
}
