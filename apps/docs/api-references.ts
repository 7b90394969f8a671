// The API references are shared with the MCP server (its OpenAPI resources): packages/docs-content.
export * from '@plazo/docs-content/api-references'
