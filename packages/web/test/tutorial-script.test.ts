// The tutorial's two scripts played on the real engine: each step's move is legal when the
// lesson asks for it, each lesson reaches the result it teaches, and clicks are judged right.
import { describe, expect, it } from 'vitest';
import { label, legalActions, locOf, view } from '@mindmgmt/engine';
import { AGENTS_SCRIPT, lessonChapter, RECRUITER_SCRIPT, SCRIPTS } from '../src/tutorial/script.js';
import { judge, positionAt } from '../src/tutorial/run.js';
import { asksFirst, boardChoices, buttonId, buttonsOf } from '../src/table/choices.js';
import { TUTORIAL_STRINGS } from '../src/tutorial/strings.js';

const L = (s: string) => locOf(s)!;

describe('tutorial scripts (Training Mission, R31)', () => {
  it('the recruiter lesson ends in a recruiter win by 9 revealed recruits at 09:00 (R13, R11)', () => {
    const end = positionAt(RECRUITER_SCRIPT, RECRUITER_SCRIPT.steps.length).state;
    expect(end.result).toEqual({ winner: 'recruiter', reason: 'recruits', time: 9 });
    expect(end.revealed).toEqual([
      { time: 5, count: 5 },
      { time: 7, count: 1 },
      { time: 9, count: 3 },
    ]);
    expect(end.path.map(label)).toEqual(['D2', 'C3', 'B3', 'B4', 'B5', 'B6', 'C6', 'C7', 'D7']);
  });

  it('the agents lesson ends in a capture at 08:00 (R25), after an ask, a reveal and a note', () => {
    const done = positionAt(AGENTS_SCRIPT, AGENTS_SCRIPT.steps.length);
    const end = done.state;
    expect(end.result).toEqual({ winner: 'agents', reason: 'capture', time: 8 });
    expect(end.confirmed.map((c) => [label(c.at), c.visitTime])).toEqual([
      ['C4', 1],
      ['D6', 4],
      ['C6', 5],
    ]);
    // R30 D8: the note is table state beside the game, not one of its moves.
    expect(done.notes.map((n) => [label(n.at), n.note.crossed])).toEqual([['C7', ['torches']]]);
    expect(end.history.some((e) => e.pub.kind === 'noteChanged')).toBe(false);
  });

  it('every step waits on the player: the player is the seat the engine expects (or a Next step)', () => {
    for (const script of Object.values(SCRIPTS)) {
      script.steps.forEach((st, i) => {
        const pos = positionAt(script, i);
        if (st.action && st.action.type !== 'note') {
          expect(view(pos.state, script.seat).expected, `${script.side} step ${i}`).toContain(script.seat);
          const legal = legalActions(pos.state, script.seat, { undo: true }).map((a) => JSON.stringify(a));
          expect(legal, `${script.side} step ${i} ${st.key}`).toContain(JSON.stringify(st.action));
        }
      });
    }
  });

  it('every step uses the table’s own controls: its board choices, its buttons (Undo included), one click, and the table’s one question before a capture', () => {
    let undos = 0;
    for (const script of Object.values(SCRIPTS)) {
      script.steps.forEach((st, i) => {
        const where = `${script.side} step ${i} ${st.key}`;
        const legal = legalActions(positionAt(script, i).state, script.seat, { undo: true });
        const a = st.action;
        if (st.expect.kind === 'cell') {
          // a note is written in the notes panel of a location, not played as a move
          if (a && a.type !== 'note') expect(boardChoices(legal).get(st.expect.at), where).toEqual(a);
          if (a && a.type !== 'note') expect(asksFirst(a, legal), where).toBe(false);
          return;
        }
        const id = st.expect.id;
        if (id === 'next') return expect(a, where).toBeUndefined();
        if (id === 'confirm') {
          // the click before asked it: the table's button for this very action
          const before = script.steps[i - 1]!;
          expect(a && asksFirst(a, legal), where).toBe(true);
          expect(before.action, where).toBeUndefined();
          expect(before.expect, where).toEqual({ kind: 'button', id: buttonId(a!) });
          return;
        }
        expect(buttonsOf(legal), where).toContain(id);
        if (a) {
          expect(buttonId(a), where).toBe(id);
          expect(asksFirst(a, legal), where).toBe(false);
          if (a.type === 'undo') undos++;
        } else
          expect(script.steps[i + 1]?.expect, `${where}: a click that asks first`).toEqual({
            kind: 'button',
            id: 'confirm',
          });
      });
    }
    expect(undos).toBeGreaterThan(0); // Undo is taught
  });

  it('the agents see End activation where the table shows it (an activation open, its action not taken)', () => {
    const i = AGENTS_SCRIPT.steps.findIndex((s) => s.key === 'a_ask');
    const legal = legalActions(positionAt(AGENTS_SCRIPT, i).state, AGENTS_SCRIPT.seat, { undo: true });
    expect(buttonsOf(legal)).toEqual(expect.arrayContaining(['ask:torches', 'capture', 'endActivation', 'undo']));
  });

  it('Back is exact: the position at a step is the same however it is reached', () => {
    const a = positionAt(AGENTS_SCRIPT, 9).state;
    const b = positionAt(AGENTS_SCRIPT, 9).state;
    expect(b).toEqual(a);
    expect(positionAt(AGENTS_SCRIPT, 999).index).toBe(AGENTS_SCRIPT.steps.length);
  });

  it('judges clicks: the lesson move is accepted; an illegal one is refused with the engine reason', () => {
    // recruiter, first hidden step from D2: C3 is the lesson, D4 is not adjacent (R1)
    const pos = positionAt(RECRUITER_SCRIPT, 3);
    const st = RECRUITER_SCRIPT.steps[3]!;
    expect(judge(pos, st, { kind: 'cell', at: L('C3') })).toEqual({ ok: true });
    const bad = judge(pos, st, { kind: 'cell', at: L('F7') });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.why).toBe('illegal');
      expect(bad.engine?.message).toMatch(/F7/);
    }
    // a legal step that is not the lesson's: refused as "not now"
    expect(judge(pos, st, { kind: 'cell', at: L('D1') })).toEqual({ ok: false, why: 'notNow' });
  });

  it('answering an ask (R22): the other legal location is refused as not the lesson, a wrong one as illegal', () => {
    const i = RECRUITER_SCRIPT.steps.findIndex((s) => s.key === 'r_answer');
    const pos = positionAt(RECRUITER_SCRIPT, i);
    expect(pos.state.phase).toBe('answerAsk');
    const st = RECRUITER_SCRIPT.steps[i]!;
    expect(judge(pos, st, { kind: 'cell', at: L('B6') })).toEqual({ ok: false, why: 'notNow' });
    const wrong = judge(pos, st, { kind: 'cell', at: L('B4') });
    expect(wrong.ok === false && wrong.why === 'illegal').toBe(true);
  });

  it('every step has its text in en, zh and ja, with the same placeholders', () => {
    for (const script of Object.values(SCRIPTS))
      for (const st of script.steps) {
        const en = (TUTORIAL_STRINGS.en as Record<string, string>)[st.key];
        expect(en, st.key).toBeTruthy();
        const holes = (t: string) => (t.match(/\{\w+\}/g) ?? []).sort();
        for (const lang of ['zh', 'ja'] as const) {
          const t = (TUTORIAL_STRINGS[lang] as Record<string, string>)[st.key]!;
          expect(t, `${lang} ${st.key}`).toBeTruthy();
          expect(holes(t), `${lang} ${st.key}`).toEqual(holes(en!));
        }
      }
  });
});

describe('tutorial lessons link their rulebook chapter (every rule text links to its chapter)', () => {
  it('every lesson of both scripts has a chapter', () => {
    const keys = [...RECRUITER_SCRIPT.steps, ...AGENTS_SCRIPT.steps].map((s) => s.key);
    expect(keys.filter((k) => lessonChapter(k) === null)).toEqual([]);
  });

  it('the lessons point at the chapter of the rule they teach', () => {
    expect(lessonChapter('r_start')).toBe('setup');
    expect(lessonChapter('r_alert')).toBe('recruiter-turn');
    expect(lessonChapter('a_askHenry')).toBe('ask');
    expect(lessonChapter('a_reveal2')).toBe('reveal');
    expect(lessonChapter('a_note')).toBe('mental-notes');
    expect(lessonChapter('a_capture')).toBe('capture');
  });
});
