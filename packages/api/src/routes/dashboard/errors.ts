import { formatMessage } from '@plazo/contract'
import type { FastifyInstance, FastifyReply } from 'fastify'

/**
 * The errors only the dashboard's own calls (`/dashboard/api/…`) answer, in the API's error shape
 * (`{status: 'ko', exception, error}`). They are not the merchant API's (whose catalogue is the contract's
 * ERRORS, documented on /docs/api/globals): the dashboard app reads `exception` to say them in its language.
 */
export const DASHBOARD_ERRORS = {
  CROSS_SITE: {
    status: 403,
    exception: 'plazo.dashboard.cross_site_request',
    message:
      'Refused: a dashboard call that changes something must come from the dashboard itself (Origin {origin}).',
  },
  SIGNUP_CODE: {
    status: 403,
    exception: 'plazo.dashboard.signup_code_invalid',
    message: 'The sign-up code is not right: ask whoever runs this sandbox for it.',
  },
  EMAIL_TAKEN: {
    status: 409,
    exception: 'plazo.dashboard.email_taken',
    message: 'An account with this e-mail already exists: sign in instead.',
  },
  SEEDED_ACCOUNT: {
    status: 403,
    exception: 'plazo.dashboard.seeded_account',
    message: 'Demo Store and Other Shop are the shared sandbox accounts: they cannot be deleted.',
  },
  NOT_FORWARDED: {
    status: 404,
    exception: 'plazo.dashboard.not_forwarded',
    message: 'The dashboard does not call {path}: use the API with your token.',
  },
} as const

export type DashboardErrorCode = keyof typeof DASHBOARD_ERRORS

export class DashboardError extends Error {
  override readonly name = 'DashboardError'
  readonly status: number
  readonly exception: string

  constructor(code: DashboardErrorCode, values: Record<string, string> = {}) {
    const entry = DASHBOARD_ERRORS[code]
    super(formatMessage(entry.message, values))
    this.status = entry.status
    this.exception = entry.exception
  }
}

function send(reply: FastifyReply, error: DashboardError) {
  return reply.status(error.status).send({ status: 'ko', exception: error.exception, error: error.message })
}

/** In the dashboard's scope: its own errors become bodies here, every other error goes to the API's handler. */
export function registerDashboardErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((error, _request, reply) => {
    if (error instanceof DashboardError) return send(reply, error)
    throw error
  })
}
