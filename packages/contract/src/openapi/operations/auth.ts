import {
  LoginRequestSchema,
  LoginResponseSchema,
  LogoutResponseSchema,
  RefreshRequestSchema,
} from '../../auth.ts'
import { BRAND } from '../../brand.ts'
import { ForbiddenBodySchema } from '../../errors.ts'
import { ERROR_EXAMPLES, LOGIN_RESPONSE_EXAMPLE } from '../../examples/index.ts'
import { validationErrorExample } from '../../examples/validation.ts'
import { e400, e401, e500, type OperationSpec, one } from './responses.ts'

/** Authentication: a bearer token from the merchant's credentials, its renewal and its end. */

export const login: OperationSpec = {
  id: 'login',
  method: 'post',
  path: '/auth/login',
  tag: 'Authentication',
  summary: 'Log in',
  description:
    'Exchange a username and password for a bearer token pair. Send the access token as `Authorization: Bearer <access_token>` on every other call; it lasts `expires_in` seconds (2678400, 31 days, by default). Sandbox users: `demo@plazo.test` / `plazo-sandbox` (merchant Demo Store) and `other@plazo.test` / `plazo-sandbox` (Other Shop).',
  auth: false,
  request: {
    schema: LoginRequestSchema,
    examples: one('Sandbox user', { username: 'demo@plazo.test', password: 'plazo-sandbox' }),
  },
  responses: {
    '200': {
      description: 'Logged in.',
      schema: LoginResponseSchema,
      examples: one('Token pair', LOGIN_RESPONSE_EXAMPLE),
    },
    '400': e400('Username missing', ERROR_EXAMPLES.loginMissingUsername),
    '403': {
      description:
        'Wrong username or password (actionCode 1001). The same answer for an unknown user and a wrong password.',
      schema: ForbiddenBodySchema,
      examples: one('Invalid credentials', ERROR_EXAMPLES.invalidCredentials),
    },
    '500': e500,
  },
}

export const refresh: OperationSpec = {
  id: 'refreshToken',
  method: 'post',
  path: '/auth/refresh',
  tag: 'Authentication',
  summary: 'Refresh the token pair',
  description:
    'Exchange a refresh token for a new access and refresh token pair. The refresh token used is revoked: each can be used once. A Plazo addition: the specification leaves refresh open.',
  auth: false,
  request: {
    schema: RefreshRequestSchema,
    examples: one('Refresh', { refresh_token: LOGIN_RESPONSE_EXAMPLE.refresh_token }),
  },
  responses: {
    '200': {
      description: 'A new pair.',
      schema: LoginResponseSchema,
      examples: one('Token pair', LOGIN_RESPONSE_EXAMPLE),
    },
    '400': e400(
      'Token missing',
      validationErrorExample([{ field: '/refresh_token', message: 'is required', keyword: 'required' }], {}),
    ),
    '403': {
      description: 'Unknown, expired or already used refresh token (actionCode 1001).',
      schema: ForbiddenBodySchema,
      examples: one('Invalid refresh token', ERROR_EXAMPLES.invalidCredentials),
    },
    '500': e500,
  },
}

export const logout: OperationSpec = {
  id: 'logout',
  method: 'post',
  path: '/auth/logout',
  tag: 'Authentication',
  summary: 'Log out',
  description: `End the login of the calling token: every token issued since that login (this access token, its refresh token and the pairs refreshed from them) stops working at once, on every API node within 5 seconds. Tokens of your other logins keep working. Call it when a token may have leaked, or when a tool that logged in is done. No body. A ${BRAND} addition: the specification leaves logout open.`,
  auth: true,
  responses: {
    '200': {
      description: 'Logged out.',
      schema: LogoutResponseSchema,
      examples: one('Logged out', { status: 'ok' }),
    },
    '401': e401,
    '500': e500,
  },
}
