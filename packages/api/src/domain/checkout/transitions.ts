// The transition tables live in the contract so the docs draw them; the API enforces them.
export {
  canTransition,
  FINAL_SESSION_STATUSES,
  HPP_TRANSITIONS,
  PAYMENT_INTENT_TRANSITIONS,
  SESSION_TRANSITIONS,
} from '@plazo/contract'
