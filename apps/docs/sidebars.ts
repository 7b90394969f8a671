import { fileURLToPath } from 'node:url'
import type { SidebarsConfig } from '@docusaurus/plugin-content-docs'
import { createSidebars } from '@plazo/docs-content/sidebars'

/** The sidebars (packages/docs-content, shared with the MCP server's llms.txt) of this site's guides. */
const sidebars = createSidebars(fileURLToPath(new URL('./docs/', import.meta.url))) as SidebarsConfig

export default sidebars
