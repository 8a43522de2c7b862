// Every code a refusal may carry, written once: an HTTP error body's `error.code` and an `error`
// frame's `code`. The server's ApiError takes only these, and a client's map from a code to the
// player's sentence can be checked against them. The engine's own codes (an illegal action) come
// through unchanged, so they are part of the union.
import type { ErrorCode as RuleErrorCode } from '@mindmgmt/engine';

/** The server's refusal codes (the engine's are its `ErrorCode`). */
export const SERVER_ERROR_CODES = [
  // the request itself
  'malformed',
  'bad_json',
  'bad_frame',
  'bad_request',
  'bad_content_type',
  'bad_target',
  'method',
  'too_large',
  'timeout',
  'not_found',
  // limits and load
  'rate_limited',
  'busy',
  'full',
  'bots_busy',
  'too_many_bot_games',
  'too_many_open_tables',
  'too_many_offline_games',
  'too_many_devices',
  'blocks_full',
  'internal',
  // who is asking
  'bad_token',
  'forbidden',
  'not_host',
  'not_admin',
  'no_session',
  'signed_out',
  'banned',
  'blocked',
  'protected',
  // tables and seats
  'bad_options',
  'fixed_card_needs_host_recruiter',
  'place_taken',
  'started',
  'not_started',
  'not_full',
  'not_running',
  'not_over',
  'expired',
  'stale',
  'not_subscribed',
  'no_seat',
  'seated',
  'stood_in',
  'no_proposal',
  'proposal_pending',
  'no_one_to_ask',
  'not_waiting',
  'finish_rate',
  'vacation_used',
  'no_candidates',
  'analysis_failed',
  // table chat
  'no_chat',
  'chat_not_open',
  'chat_closed',
  'chat_muted',
  'chat_rate',
  'chat_full',
  'chat_spectators_full',
  // profiles and sign-in
  'no_player',
  'bad_name',
  'bad_password',
  'bad_handle',
  'handle_taken',
  'sign_in_failed',
  'wrong_password',
  'not_confirmed',
  'no_profiles',
  // offline games uploaded
  'bad_record',
  'wrong_seat',
  // campaigns
  'not_in_campaign',
  'not_your_side',
  'rematch_busy',
  'bad_count',
  'too_many_modules',
  'loser_first',
  'text_too_long',
  'already_recorded',
  'bad_seating',
] as const;
export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number];

/** An illegal action's code, from the engine. */
export type { RuleErrorCode };

/** Every code a refusal may carry. */
export type ErrorCode = ServerErrorCode | RuleErrorCode;
