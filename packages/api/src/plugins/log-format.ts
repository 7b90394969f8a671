import type { FastifyReply, FastifyServerOptions } from 'fastify'
import pretty from 'pino-pretty'
import { ConfigError } from '../config.ts'

/**
 * How the API logs (server.ts). `PLAZO_LOG_FORMAT=json` is pino's JSON, one object a line with the request id,
 * for log collectors; `pretty` is for a person at a terminal: one short coloured line per request (time, method,
 * path, status, milliseconds, request id) written by pino-pretty, Fastify's "incoming request" line left out
 * (the "request completed" one carries the request). Unset, it is `pretty` when stdout is a terminal and `json`
 * otherwise (a pipe, a file, a container's log).
 */
export type LogFormat = 'json' | 'pretty'

type Env = Readonly<Record<string, string | undefined>>
type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>

export function logFormat(env: Env, stdoutIsTerminal: boolean): LogFormat {
  const raw = env.PLAZO_LOG_FORMAT?.trim()
  if (!raw) return stdoutIsTerminal ? 'pretty' : 'json'
  if (raw === 'json' || raw === 'pretty') return raw
  throw new ConfigError([
    { variable: 'PLAZO_LOG_FORMAT', message: `must be json or pretty, got ${JSON.stringify(raw)}` },
  ])
}

interface Colors {
  green(text: string): string
  yellow(text: string): string
  red(text: string): string
  cyan(text: string): string
  gray(text: string): string
  bold(text: string): string
}

/** `GET /api/v2/checkout/… 201 4.2 ms req 3f2a…`: what a person scans for, the status coloured by its class. */
export function requestLine(log: Record<string, unknown>, colors: Colors): string | undefined {
  const req = log.req as { method?: string; url?: string } | undefined
  const res = log.res as { statusCode?: number } | undefined
  if (!req || !res || typeof res.statusCode !== 'number') return undefined
  const status = res.statusCode
  const paint = status >= 500 ? colors.red : status >= 400 ? colors.yellow : colors.green
  const ms = typeof log.responseTime === 'number' ? `${log.responseTime.toFixed(1)} ms` : ''
  return `${colors.bold(req.method ?? '?')} ${req.url ?? '?'} ${paint(String(status))} ${ms} ${colors.gray(`req ${String(log.reqId ?? '')}`)}`
}

/** Fastify's logger options for server.ts; the pretty lines go to `destination` (default stdout). */
export function loggerOptions(
  env: Env,
  stdoutIsTerminal: boolean,
  destination?: NodeJS.WritableStream,
): LoggerOptions {
  const level = env.PLAZO_LOG_LEVEL ?? 'info'
  if (logFormat(env, stdoutIsTerminal) === 'json') return { level }
  const stream = pretty({
    ...(destination ? { destination } : {}),
    colorize: true,
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: (log, messageKey, _levelLabel, extras) =>
      requestLine(log, extras.colors as unknown as Colors) ?? String(log[messageKey] ?? ''),
  })
  return {
    level,
    stream,
    hooks: {
      // One line per request: Fastify logs "incoming request" and "request completed"; the second gets the
      // request's method and path (Fastify puts them on the first only) and the first is dropped.
      logMethod(args, method) {
        const [object, message] = args as unknown as [Record<string, unknown>, string]
        if (message === 'incoming request') return
        if (message === 'request completed' && object?.res) {
          const { request } = object.res as FastifyReply
          const withRequest = { ...object, req: { method: request.method, url: request.url } }
          return method.apply(this, [withRequest, message] as unknown as Parameters<typeof method>)
        }
        return method.apply(this, args)
      },
    },
  }
}
