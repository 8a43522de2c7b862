// When a signed-in request writes to its session (every signed-in request wrote
// last_seen_at and expires_at, synchronously, 1,762 times a second for GET /api/me alone). The
// session is touched at most once per SESSION_TOUCH_EVERY_MS: its last-seen time is that coarse,
// and its expiry slides at most that much less far (minutes against a TTL of days).
export const SESSION_TOUCH_EVERY_MS = 10 * 60_000;

/** Whether a request at `now` should write the session last seen at `lastSeenAt`. A clock that
 * went backwards writes nothing. */
export const needsTouch = (lastSeenAt: number, now: number): boolean => now - lastSeenAt >= SESSION_TOUCH_EVERY_MS;
