/** An error the CLI reports as it is, in one line (a bad flag, an unknown scenario, a missing login). */
export class CliError extends Error {
  override name = 'CliError'
}

/** The one line a failure is reported with; the SDK's errors already say what the API answered. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const withStatus = error as Error & { status?: number; exception?: string; cause?: unknown }
    if (withStatus.name === 'PlazoConnectionError') return `cannot reach the API: ${error.message}`
    if (typeof withStatus.status === 'number' && withStatus.status > 0)
      return `${error.message} (HTTP ${withStatus.status}${withStatus.exception ? ` ${withStatus.exception}` : ''})`
    return error.message
  }
  return String(error)
}
