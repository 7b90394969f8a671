import { type Static, UuidSchema } from '@plazo/contract'
import Type from 'typebox'

/** The path parameter of every route on one checkout session or order. */
export const SessionParams = Type.Object({ checkout_session_id: UuidSchema }, { additionalProperties: false })
export type SessionParams = Static<typeof SessionParams>
