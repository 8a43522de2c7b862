// The one bound on a test's wait for something it expects (a frame, a recorded result, a button,
// a bot's move), shared by the server's and the browser's test helpers.

/** Reached only when the test fails, so it is set for the CI machine with a second CPU-heavy job
 * beside it, not for a quiet one. Waits for silence stay short. */
export const EXPECT_MS = 60_000;
