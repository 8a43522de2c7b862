import type { ErrorCode } from '@mindmgmt/table';

/** A refusal with an HTTP status, a stable code (one of the contract's) and a readable reason
 * (never a secret). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** The engine's parameters of the refusal (the client says it in the player's language). */
    readonly params?: Readonly<Record<string, string | number>>,
  ) {
    super(message);
  }
}

export class StaleError extends ApiError {
  constructor() {
    super(409, 'stale', 'The game has moved on since that seq; here is the current state.');
  }
}
