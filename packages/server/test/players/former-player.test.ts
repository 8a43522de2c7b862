// Titles made from a deleted player's names lose them ("Bea vs Rogue agents (easy)").
import { describe, expect, it } from 'vitest';
import { titleWithout } from '../../src/store/players/former-player.js';

const cut = (title: string, ...names: string[]) => titleWithout(title, names, 'Former player', 'Gone');

describe('a title that named a deleted player', () => {
  it('the web solo title and a typed one read "Former player" where the name stood', () => {
    expect(cut('Bea vs Rogue agents (easy)', 'Bea')).toBe('Former player vs Rogue agents (easy)');
    expect(cut("bea's Full Game", 'Bea')).toBe("Former player's Full Game");
    expect(cut('Rogue and Quilla', 'Bea', 'Quilla')).toBe('Rogue and Former player');
  });

  it('a name inside another word is left alone only if it can be cut out elsewhere; else the title goes', () => {
    expect(cut('Beach party', 'Bea')).toBe('Gone');
    expect(cut('Al vs Alpine', 'Al')).toBe('Gone');
    expect(cut('ベア対ローグエージェント（簡単）', 'ベア')).toBe('Gone');
  });

  it('titles without the names stay as they were', () => {
    expect(cut('Friday game', 'Bea')).toBe('Friday game');
    expect(cut('Friday game', 'Former player', '  ')).toBe('Friday game');
  });
});
