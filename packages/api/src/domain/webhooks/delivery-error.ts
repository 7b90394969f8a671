/** A try that got no HTTP answer: connection refused or reset, TLS failure, timeout, bad URL, refused target. */
export class DeliveryError extends Error {
  override readonly name = 'DeliveryError'
}
