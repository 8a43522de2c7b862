// The caps a client must know to shape what it sends: the server refuses more, so a form that
// allowed more would only earn a refusal. Code points unless said otherwise (an emoji is one).
// None of them is tuned by the operator: the ones that are (frame and upload bytes, rates) live in
// the server's limits and a client never needs them to write a valid request.

/** A display name: players' names and the names at a table's places. */
export const NAME_MAX = 40;
/** A table's title in the lobby. */
export const TITLE_MAX = 60;
/** A password: long enough for any passphrase; bounded so nobody makes the server hash megabytes. */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 256;
/** A sign-in handle (never shown to others). */
export const HANDLE_MIN = 3;
export const HANDLE_MAX = 32;
/** One chat message: a few sentences, not a wall of text. */
export const CHAT_MAX = 300;
/** Messages per page of GET /api/games/:id/chat (and sent with a `hello`). */
export const CHAT_PAGE_MAX = 100;
/** A campaign: the modules a side may choose (a sanity cap far above what the box holds), and its
 * free-text module notes. */
export const MAX_MODULES = 40;
export const MAX_MODULE_TEXT = 500;
/** A moderator's reason for an action, and a player's report. */
export const REASON_MAX = 500;
/** A moderator's notice to a table, and an announcement to every page. */
export const ANNOUNCEMENT_MAX = 300;
/** A moderator's search for players. */
export const FIND_QUERY_MAX = 80;
/** An e-mail address (RFC 5321's limit on a path). */
export const EMAIL_MAX = 254;
/** A request's `id`, echoed in the frame that answers it. */
export const REQUEST_ID_MAX = 64;
