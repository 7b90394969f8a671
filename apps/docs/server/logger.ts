import type { FastifyServerOptions } from 'fastify'
import pretty from 'pino-pretty'

/**
 * At a terminal (`npm start` runs the API, the demo store and this server in one), the docs gate prints only its
 * warnings and errors, one readable line each (pino-pretty, as the API's lines): its page requests would bury
 * the API's. Elsewhere, or with PLAZO_LOG_FORMAT=json, every request as JSON, for log collectors.
 */
export function gateLogger(
  env: Readonly<Record<string, string | undefined>>,
  stdoutIsTerminal: boolean,
  destination?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  const level = env.PLAZO_LOG_LEVEL ?? 'info'
  const format = env.PLAZO_LOG_FORMAT?.trim()
  if (format === 'json' || (!format && !stdoutIsTerminal)) return { level }
  const stream = pretty({
    ...(destination ? { destination } : {}),
    colorize: true,
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
  })
  return { level: env.PLAZO_LOG_LEVEL ?? 'warn', stream, msgPrefix: 'docs: ' }
}
