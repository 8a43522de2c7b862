// The mailbox verification mails are counted by (notify/mail.ts normaliseAddress): spellings of
// one inbox are one recipient, different inboxes stay different.
import { describe, expect, it } from 'vitest';
import { normaliseAddress } from '../../src/notify/mail.js';

describe('recipient address normalisation', () => {
  it('folds case, drops a +tag, ignores Gmail dots; keeps other inboxes apart', () => {
    const one = ['Victim+a@Mind.Example', 'victim@mind.example', ' VICTIM+@MIND.EXAMPLE '];
    expect(new Set(one.map(normaliseAddress))).toEqual(new Set(['victim@mind.example']));
    expect(normaliseAddress('V.i.c.t.i.m+x@googlemail.com')).toBe('victim@gmail.com');
    // Dots matter elsewhere; a leading + is part of the name.
    expect(normaliseAddress('v.ictim@mind.example')).not.toBe(normaliseAddress('victim@mind.example'));
    expect(normaliseAddress('+tag@mind.example')).toBe('+tag@mind.example');
  });
});
