import { createContext, useContext } from 'react'
import type { DashboardAccount } from './api.ts'

export interface AccountState {
  account: DashboardAccount
  /** Reads the account again (its clock after an advance). */
  refresh: () => Promise<void>
  signedOut: () => void
}

export const AccountContext = createContext<AccountState | null>(null)

export function useAccount(): AccountState {
  const value = useContext(AccountContext)
  if (!value) throw new Error('useAccount outside a signed-in page')
  return value
}
