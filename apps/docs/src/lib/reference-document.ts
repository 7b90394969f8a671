import { operationsOf } from '../components/TryIt/operation.ts'

/**
 * What a reference page receives about its OpenAPI document. The server bundle renders the page from the
 * whole document (`spec`), as redocusaurus hands it over. The browser bundle gets a light module instead
 * (plugins/redoc-preset.ts writes it, docusaurus.config.ts swaps it in): the document's description (the
 * page's title comes from its layout options), the operations the Try it consoles can call, and `loadSpec`,
 * which fetches the document (several hundred KiB of JSON) as a chunk of its own the first time Redoc or a
 * console needs it. Parsing it was one of the longest tasks of a reference's first load, for a page that is
 * prerendered and readable without it.
 */
export interface ReferenceSpecProps {
  /** The whole document: in the server bundle, and in the browser once loaded. */
  readonly spec?: OpenApiDocument
  /** The document's description, for the page's head while the document is not loaded. */
  readonly info?: { readonly description?: string }
  /** The operationIds of the document's paths (browser bundle). */
  readonly operationIds?: readonly string[]
  /** Loads the whole document (browser bundle). */
  readonly loadSpec?: () => Promise<OpenApiDocument>
}

export interface OpenApiDocument {
  readonly info?: { readonly description?: string }
  readonly paths?: Readonly<Record<string, Readonly<Record<string, unknown>>>>
}

/**
 * The operationIds of the document's paths (its webhooks are received, not called): the operations the Try it
 * consoles offer, as the console itself reads them (components/TryIt/operation.ts).
 */
export function callableOperationIds(spec: OpenApiDocument | undefined): string[] {
  return [...operationsOf(spec).keys()]
}

/** The operations the page's Try it consoles can call, whichever bundle renders it. */
export function operationIdsOf(props: ReferenceSpecProps): readonly string[] {
  return props.operationIds ?? callableOperationIds(props.spec)
}

/** The document's info, whichever bundle renders the page. */
export function infoOf(props: ReferenceSpecProps): ReferenceSpecProps['info'] {
  return props.spec?.info ?? props.info
}

/** The whole document: at once where the bundle has it, fetched (once) where it does not. */
export function loadReferenceSpec(props: ReferenceSpecProps): Promise<OpenApiDocument> {
  if (props.spec) return Promise.resolve(props.spec)
  if (!props.loadSpec) return Promise.reject(new Error('This reference page has no OpenAPI document.'))
  return props.loadSpec()
}

/**
 * The browser module for one reference (see above): a JavaScript module next to the route's data file, so
 * that its dynamic import becomes a chunk of its own. `documentFile` is the whole document's data file, in
 * the same folder.
 */
export function browserModuleSource(data: Record<string, unknown>, documentFile: string): string {
  const { spec, ...rest } = data as { spec?: OpenApiDocument }
  const light = {
    ...rest,
    info: { description: spec?.info?.description },
    operationIds: callableOperationIds(spec),
  }
  return [
    "// Written by plugins/redoc-preset.ts: the reference page's data in the browser, without its document.",
    `const data = ${JSON.stringify(light)};`,
    `data.loadSpec = () => import(${JSON.stringify(`./${documentFile}`)}).then((module) => module.default);`,
    'export default data;',
    '',
  ].join('\n')
}
