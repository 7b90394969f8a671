/**
 * Which Redoc loader a bundle gets: docusaurus.config.ts aliases this module to ./server.ts in the server
 * bundle and to ./client.ts in the browser bundle. Type-checking sees the client's.
 */
export { loadRedoc, preloadedRedoc } from './client.ts'
