export {
  type AuthenticateResult,
  AuthService,
  type AuthServiceOptions,
  DEFAULT_REFRESH_TOKEN_TTL_SECONDS,
  type LoginFailure,
  type LoginResult,
  type Principal,
  type RefreshResult,
  type TokenFailure,
  type TokenResponse,
} from './auth-service.ts'
export { hashPassword, verifyPassword } from './password.ts'
export { generateToken, hashToken, parseBearer } from './tokens.ts'
export { createUser, type NewUser, normalizeUsername } from './users.ts'
