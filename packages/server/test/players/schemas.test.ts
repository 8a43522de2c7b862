// Player routes' and chat frames' input schemas: clean values or one readable error that does not
// echo the input.
import { describe, expect, it } from 'vitest';
import {
  chooseModulesSchema,
  clientFrameSchema,
  describeZodError,
  setPasswordSchema,
  signInSchema,
} from '@mindmgmt/table';
import { createPlayerChecked as createPlayerSchema, historyQuerySchema } from '../../src/players/schemas.js';
import { newPlayerId } from '../../src/players/identity.js';

const error = (r: { success: boolean; error?: unknown }) =>
  r.success ? null : describeZodError(r.error as Parameters<typeof describeZodError>[0]);

describe('player input schemas', () => {
  it('names: cleaned by the text rules; bad ones get a sentence, not the input back', () => {
    expect(createPlayerSchema.parse({ name: '  Agent   Meru ' })).toEqual({ name: 'Agent Meru' });
    expect(error(createPlayerSchema.safeParse({ name: 'evil\u202egnp' }))).toBe(
      'name: The name contains characters that reverse the reading direction.',
    );
    expect(error(createPlayerSchema.safeParse({ name: '\u200b' }))).toBe('name: The name shows nothing.');
    expect(error(createPlayerSchema.safeParse({ name: 'x'.repeat(5000) }))).toBe('name: The name is too long.');
    expect(error(createPlayerSchema.safeParse({ name: 'Ann', admin: true }))).toMatch(/admin|Unrecognized/i);
    expect(error(createPlayerSchema.safeParse({}))).toMatch(/^name: /);
  });

  it('passwords and sign-in', () => {
    expect(setPasswordSchema.parse({ password: 'long enough pass' })).toEqual({ password: 'long enough pass' });
    // Its length is the route's to judge (a sentence of its own); the schema bounds it.
    expect(setPasswordSchema.parse({ password: 'hunter2' })).toEqual({ password: 'hunter2' });
    expect(error(setPasswordSchema.safeParse({ password: 'x'.repeat(5000) }))).toBe(
      'password: That password is too long.',
    );
    const id = newPlayerId();
    expect(signInSchema.parse({ playerId: id, password: 'x' })).toEqual({ playerId: id, password: 'x' });
    expect(error(signInSchema.safeParse({ playerId: "p_'; DROP TABLE players", password: 'x' }))).toBe(
      'playerId: Not a player id.',
    );
  });

  it('chat frames: text checked by the chat rules; mute and policy frames typed', () => {
    expect(clientFrameSchema.parse({ t: 'chat', gameId: 'g1', text: ' hello ' })).toEqual({
      t: 'chat',
      gameId: 'g1',
      text: 'hello',
    });
    expect(error(clientFrameSchema.safeParse({ t: 'chat', gameId: 'g1', text: 'a\u0007b' }))).toBe(
      'text: The message contains control characters.',
    );
    expect(error(clientFrameSchema.safeParse({ t: 'chat', gameId: 'g1', text: 'x'.repeat(301) }))).toBe(
      'text: A message has at most 300 characters.',
    );
    expect(clientFrameSchema.safeParse({ t: 'mute', gameId: 'g1', seat: 2, muted: true }).success).toBe(true);
    expect(clientFrameSchema.safeParse({ t: 'mute', gameId: 'g1', seat: 7, muted: true }).success).toBe(false);
    expect(clientFrameSchema.safeParse({ t: 'chat', gameId: '../etc', text: 'x' }).success).toBe(false);
  });

  it('campaign module choices and history paging are bounded', () => {
    expect(chooseModulesSchema.safeParse({ side: 'agents', count: 3, text: 'Module A' }).success).toBe(true);
    expect(chooseModulesSchema.safeParse({ side: 'agents', count: -1, text: '' }).success).toBe(false);
    expect(chooseModulesSchema.safeParse({ side: 'agents', count: 41, text: '' }).success).toBe(false);
    expect(chooseModulesSchema.safeParse({ side: 'both', count: 1, text: '' }).success).toBe(false);
    expect(historyQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(historyQuerySchema.parse({ limit: '5', beforeAt: '100', beforeGame: 'g1' })).toEqual({
      limit: 5,
      beforeAt: 100,
      beforeGame: 'g1',
    });
    expect(historyQuerySchema.safeParse({ limit: '500' }).success).toBe(false);
  });
});
