import Type from 'typebox'

export const LoginRequestSchema = Type.Object(
  {
    username: Type.String({
      minLength: 1,
      maxLength: 254,
      description: 'Your API user.',
      examples: ['demo@plazo.test'],
    }),
    password: Type.String({
      minLength: 1,
      maxLength: 1024,
      description: 'Its password.',
      examples: ['plazo-sandbox'],
    }),
  },
  { title: 'LoginRequest', additionalProperties: false, description: 'Username and password are required.' },
)

export const RefreshRequestSchema = Type.Object(
  { refresh_token: Type.String({ minLength: 1, maxLength: 1024 }) },
  {
    title: 'RefreshRequest',
    additionalProperties: false,
    description: 'A refresh token from login or a previous refresh.',
  },
)

export const LoginResponseSchema = Type.Object(
  {
    token_type: Type.Literal('Bearer'),
    access_token: Type.String({ description: 'Send as `Authorization: Bearer <access_token>`.' }),
    refresh_token: Type.String({
      description: 'Exchange it at /auth/refresh/ for a new pair; it can be used once.',
    }),
    expires_in: Type.Integer({
      description: 'Lifetime of the access token in seconds (2678400 by default).',
      examples: [2678400],
    }),
  },
  { title: 'LoginResponse', description: 'A bearer token pair.' },
)

export const LogoutResponseSchema = Type.Object(
  { status: Type.Literal('ok') },
  {
    title: 'LogoutResponse',
    description: 'The login is over: its access and refresh tokens no longer work.',
  },
)
