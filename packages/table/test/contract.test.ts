// The wire contract pinned: every kind of client frame passes its schema and comes out as sent,
// an unknown or malformed frame is refused with a sentence that says why, a request's id is
// bounded, and the refusal codes have one spelling.
import { describe, expect, it } from 'vitest';
import {
  CHAT_MAX,
  CHAT_REQUEST_KINDS,
  clientFrameSchema,
  describeZodError,
  REQUEST_ID_MAX,
  SERVER_ERROR_CODES,
  type ClientFrame,
} from '../src/index.js';

/** One frame of each kind, as a client writes it. */
const SAMPLES: Record<ClientFrame['t'], ClientFrame> = {
  hello: { t: 'hello', gameId: 'g1', token: 'tok', lastSeq: 3 },
  act: { t: 'act', gameId: 'g1', seq: 4, action: { type: 'pass' } as never, id: 'r1' },
  note: { t: 'note', gameId: 'g1', at: 5, note: { from: 1, to: 2, crossed: ['bus'], text: 'maybe' }, id: 'r2' },
  leave: { t: 'leave', gameId: 'g1', id: 'r3' },
  back: { t: 'back', gameId: 'g1' },
  accept: { t: 'accept', gameId: 'g1' },
  refuse: { t: 'refuse', gameId: 'g1' },
  abandon: { t: 'abandon', gameId: 'g1', id: 'r4' },
  ping: { t: 'ping' },
  chat: { t: 'chat', gameId: 'g1', text: 'good luck' },
  mute: { t: 'mute', gameId: 'g1', seat: 2, muted: true },
  chatPolicy: { t: 'chatPolicy', gameId: 'g1', spectatorsWrite: true },
};

const kinds = clientFrameSchema.options.map((o) => o.shape.t.value);
const refusal = (raw: unknown): string => {
  const r = clientFrameSchema.safeParse(raw);
  if (r.success) throw new Error(`accepted ${JSON.stringify(raw)}`);
  return describeZodError(r.error);
};

describe('client frames', () => {
  it('the samples are one of each kind the schema knows', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...kinds].sort());
    for (const k of CHAT_REQUEST_KINDS) expect(kinds).toContain(k);
  });

  it('every kind round-trips its schema: what a client writes is what the server reads', () => {
    for (const f of Object.values(SAMPLES)) {
      const wire = JSON.parse(JSON.stringify(f)) as unknown;
      expect(clientFrameSchema.parse(wire), f.t).toEqual(f);
    }
  });

  it('chat text is read trimmed and normalised, and held to the chat rules', () => {
    expect(clientFrameSchema.parse({ t: 'chat', gameId: 'g1', text: '  Cafe\u0301 ' })).toEqual({
      t: 'chat',
      gameId: 'g1',
      text: 'Café',
    });
    expect(refusal({ t: 'chat', gameId: 'g1', text: 'x'.repeat(CHAT_MAX + 1) })).toBe(
      `text: A message has at most ${CHAT_MAX} characters.`,
    );
    expect(refusal({ t: 'chat', gameId: 'g1', text: '\u200b' })).toBe('text: The message shows nothing.');
  });

  it('an unknown kind is refused, naming the field', () => {
    expect(refusal({ t: 'teleport', gameId: 'g1' })).toMatch(/^t: /);
    expect(refusal({ gameId: 'g1' })).toMatch(/^t: /);
    expect(refusal('hello')).toMatch(/object/i);
  });

  it('a field no kind has, or a bad game id, is refused', () => {
    expect(refusal({ ...SAMPLES.leave, seat: 1 })).toMatch(/seat/);
    expect(refusal({ ...SAMPLES.back, gameId: '../etc' })).toMatch(/^gameId: /);
    expect(refusal({ ...SAMPLES.chat, id: 'r9' })).toMatch(/id/);
  });

  it(`a request's id is at most ${REQUEST_ID_MAX} characters`, () => {
    expect(clientFrameSchema.safeParse({ ...SAMPLES.leave, id: 'x'.repeat(REQUEST_ID_MAX) }).success).toBe(true);
    expect(refusal({ ...SAMPLES.leave, id: 'x'.repeat(REQUEST_ID_MAX + 1) })).toMatch(/^id: /);
  });
});

describe('refusal codes', () => {
  it('are listed once each, in one spelling (snake_case, as clients read them)', () => {
    expect(new Set(SERVER_ERROR_CODES).size).toBe(SERVER_ERROR_CODES.length);
    for (const c of SERVER_ERROR_CODES) expect(c).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });
});
