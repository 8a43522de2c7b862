/** A refusal with an HTTP status, a stable code and a readable reason (never a secret). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class StaleError extends ApiError {
  constructor() {
    super(409, 'stale', 'The game has moved on since that seq; here is the current state.');
  }
}
