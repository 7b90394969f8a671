// What a deployment may rename: shared with the MCP server (packages/docs-content), read by the site and the gate.
export * from '@plazo/docs-content/site'
