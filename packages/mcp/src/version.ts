import manifest from '../package.json' with { type: 'json' }

/** This package's version, as the server reports it to clients. */
export const SERVER_VERSION: string = manifest.version
