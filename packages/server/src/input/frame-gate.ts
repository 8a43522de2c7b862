// The cheap checks a WebSocket frame passes BEFORE it is decoded and parsed (issue 29 §3): a
// refused 14 KB frame used to cost a full JSON.parse and schema walk, so a few flooding
// connections could take most of a core. Here a frame is judged by its bytes only: its shape
// (one JSON object: `{` ... `}`) and its size against the largest honest frame of its kind,
// the kind read from a `"t"` that opens the object (as every client of ours writes it).
import { NOTE_TEXT_MAX } from '@mindmgmt/engine';
import { CHAT_MAX, type ClientFrame } from '@mindmgmt/table';

/** The most bytes one code point of text can take inside a JSON string (a surrogate pair
 * written as two `\uXXXX` escapes). */
const JSON_BYTES_PER_CODE_POINT = 12;
/** Room for a frame's fields besides its free text (ids, tokens, numbers, keys). */
const FRAME_OVERHEAD = 1024;

/** The largest honest frame of each kind, in bytes (derived from the text caps it carries). */
export const FRAME_BYTES: Readonly<Record<ClientFrame['t'], number>> = {
  ping: 256,
  hello: 512,
  // An `act` may still carry a legacy `note` action (with its text).
  act: NOTE_TEXT_MAX * JSON_BYTES_PER_CODE_POINT + FRAME_OVERHEAD,
  note: NOTE_TEXT_MAX * JSON_BYTES_PER_CODE_POINT + FRAME_OVERHEAD,
  chat: CHAT_MAX * JSON_BYTES_PER_CODE_POINT + FRAME_OVERHEAD,
  mute: 256,
  chatPolicy: 256,
  // D13: leaving a running game, and coming back
  leave: 256,
  back: 256,
  accept: 256,
  refuse: 256,
  // D14: proposing to abandon the game
  abandon: 256,
};

/** A frame whose `"t"` is not first may be any kind: it gets the largest kind's cap. */
export const ANY_FRAME_BYTES = Math.max(...Object.values(FRAME_BYTES));

export type GateRefusal = { readonly code: 'too_large' | 'bad_json' | 'malformed'; readonly message: string };

const KIND_PREFIX = /^\s*\{\s*"t"\s*:\s*"([A-Za-z]{1,16})"/;
const isSpace = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

/**
 * Judges a text frame by its bytes: null when it may be parsed, else why not. `maxBytes` is the
 * server's overall frame cap (WsConfig.maxFrameBytes); the kind's own cap is usually lower.
 */
export function gateFrame(data: Buffer, maxBytes: number): GateRefusal | null {
  const size = data.length;
  if (size > maxBytes) return { code: 'too_large', message: `A message may be at most ${maxBytes} bytes.` };
  let first = 0;
  while (first < size && isSpace(data[first]!)) first++;
  let last = size - 1;
  while (last > first && isSpace(data[last]!)) last--;
  if (data[first] !== 0x7b || data[last] !== 0x7d)
    return { code: 'bad_json', message: 'A message is one JSON object.' };
  // latin1 keeps one char per byte: the prefix test costs the same whatever the bytes are.
  const kind = KIND_PREFIX.exec(data.toString('latin1', first, Math.min(size, first + 40)))?.[1];
  if (kind !== undefined && !Object.hasOwn(FRAME_BYTES, kind))
    return { code: 'malformed', message: 't: Unknown message type.' };
  const cap = Math.min(maxBytes, kind === undefined ? ANY_FRAME_BYTES : FRAME_BYTES[kind as ClientFrame['t']]);
  if (size > cap) return { code: 'too_large', message: `A message of this kind may be at most ${cap} bytes.` };
  return null;
}
