// The two scripted Training Missions (R31) the tutorial plays with the real engine: every move,
// the player's and the scripted opponent's, is an engine action, so a lesson can never teach a
// move the rules refuse (test/tutorial-script.test.ts replays both scripts to their result).
import {
  FEATURES,
  locOf,
  type Action,
  type AgentId,
  type FeatureId,
  type GameOptions,
  type Loc,
} from '@mindmgmt/engine';
import type { ChapterId } from '../rulebook/chapters.js';

export type TutorialSide = 'recruiter' | 'agents';

/** What the player must click: a location on the board, or one of the step's buttons. */
export type Expect = { readonly kind: 'cell'; readonly at: Loc } | { readonly kind: 'button'; readonly id: string };

/** Button ids: `next`, `confirm` (the table's one question before a capture), and the table's
 * own buttons (`buttonId` in table/choices.ts: `activate:<agent>`, `ask:<feature>`, `reveal`,
 * `capture`, `undo`, `endActivation`...). The buttons a step offers are the table's for the
 * position (Tutorial.tsx), so a lesson shows the controls the table has. */
export interface TutorialStep {
  /** Key of the step's text in strings.ts. */
  readonly key: string;
  readonly expect: Expect;
  /** The player's move made by the expected click; a step without one only explains, or (a
   * capture) is the click the table then asks to confirm. */
  readonly action?: Action;
  /** The scripted opponent's moves, applied right after the player's. */
  readonly reply?: readonly Action[];
}

export interface TutorialScript {
  readonly side: TutorialSide;
  /** The player's seat: 0 the recruiter, 1 the single agents' seat (it controls all four, R32). */
  readonly seat: 0 | 1;
  readonly options: GameOptions;
  readonly seed: number;
  /** Opponent moves before the first step. */
  readonly prelude: readonly Action[];
  readonly steps: readonly TutorialStep[];
}

const L = (label: string): Loc => {
  const l = locOf(label);
  if (l === undefined) throw new Error(`no location ${label}`);
  return l;
};

/** A fixed deck (top first), so the recruiter's three cards are the lesson's. */
function deck(top: readonly FeatureId[]): FeatureId[] {
  return [...top, ...FEATURES.filter((f) => !top.includes(f))];
}

const R = 0;
const A = 1;
const cell = (label: string): Expect => ({ kind: 'cell', at: L(label) });
const button = (id: string): Expect => ({ kind: 'button', id });
const next: Expect = button('next');

const step = (seat: number, label: string): Action => ({ type: 'step', seat, to: L(label) });
const activate = (agent: AgentId): Action => ({ type: 'activate', seat: A, agent });
const move = (label: string): Action => ({ type: 'move', seat: A, to: L(label) });
const ask = (feature: FeatureId): Action => ({ type: 'ask', seat: A, feature, dolphin: false });
const endActivation: Action = { type: 'endActivation', seat: A };
const answer = (label: string | null): Action => ({ type: 'answerAsk', seat: R, at: label === null ? null : L(label) });
const place = (agent: AgentId, label: string): Action => ({ type: 'placeAgent', seat: A, agent, at: L(label) });

/**
 * The recruiter's lesson. Cards Billboard, Coffee, Umbrellas. Path D2 C3 B3 B4 B5 (5 recruits
 * revealed at 05:00, R5), B6 (+1), C6 (alert at 07:00 reveals 1, R11), C7 (+1), D7 (+2: the
 * alert at 09:00 reveals 3, 9 in all: the recruiter wins, R13 Training).
 */
export const RECRUITER_SCRIPT: TutorialScript = {
  side: 'recruiter',
  seat: 0,
  options: { mode: 'training', agentSeats: 1, recruiterCard: 'carl', deck: deck(['billboard', 'coffee', 'umbrellas']) },
  seed: 12,
  prelude: [],
  steps: [
    { key: 'r_intro', expect: next },
    { key: 'r_start', expect: cell('D2'), action: { type: 'chooseStart', seat: R, at: L('D2') } },
    { key: 'r_cards', expect: next },
    { key: 'r_hidden1', expect: cell('C3'), action: step(R, 'C3') },
    { key: 'r_hidden2', expect: cell('B3'), action: step(R, 'B3') },
    { key: 'r_hidden3', expect: cell('B4'), action: step(R, 'B4') },
    {
      key: 'r_hidden4',
      expect: cell('B5'),
      action: step(R, 'B5'),
      reply: [place('meru', 'A1'), place('henry', 'C1'), place('bill', 'F7'), place('dusty', 'F4')],
    },
    { key: 'r_setupRevealed', expect: next },
    {
      key: 'r_timeTrack',
      expect: cell('B6'),
      action: step(R, 'B6'),
      reply: [activate('henry'), ask('umbrellas')],
    },
    {
      key: 'r_answer',
      expect: cell('B3'),
      action: answer('B3'),
      reply: [activate('meru'), move('A3'), endActivation],
    },
    {
      key: 'r_alert',
      expect: cell('C6'),
      action: step(R, 'C6'),
      reply: [activate('bill'), move('E7'), endActivation, activate('dusty'), move('E4'), endActivation],
    },
    { key: 'r_alertResult', expect: next },
    {
      key: 'r_step8',
      expect: cell('C7'),
      action: step(R, 'C7'),
      reply: [activate('meru'), move('A5'), endActivation, activate('henry'), move('C2'), endActivation],
    },
    { key: 'r_win', expect: cell('D7'), action: step(R, 'D7') },
  ],
};

/**
 * The agents' lesson. The recruiter (cards Parrot, Lost Dogs, Fountain) starts on C4, shown by
 * the green note (R31), hides D4 D5 D6 C6, then steps C5 (06:00), B5 (07:00), B6 (08:00) where
 * Bill captures it.
 */
export const AGENTS_SCRIPT: TutorialScript = {
  side: 'agents',
  seat: 1,
  options: { mode: 'training', agentSeats: 1, recruiterCard: 'carl', deck: deck(['parrot', 'dogs', 'fountain']) },
  seed: 21,
  prelude: [{ type: 'chooseStart', seat: R, at: L('C4') }, step(R, 'D4'), step(R, 'D5'), step(R, 'D6'), step(R, 'C6')],
  steps: [
    { key: 'a_intro', expect: next },
    { key: 'a_placeMeru', expect: cell('B7'), action: place('meru', 'B7') },
    { key: 'a_placeHenry', expect: cell('D7'), action: place('henry', 'D7') },
    { key: 'a_placeBill', expect: cell('A4'), action: place('bill', 'A4') },
    { key: 'a_placeDusty', expect: cell('F6'), action: place('dusty', 'F6'), reply: [step(R, 'C5')] },
    { key: 'a_activate', expect: button('activate:meru'), action: activate('meru') },
    { key: 'a_move', expect: cell('C7'), action: move('C7') },
    // D12: a move reveals nothing, so the table offers Undo
    { key: 'a_undo', expect: button('undo'), action: { type: 'undo', seat: A } },
    { key: 'a_moveAgain', expect: cell('C7'), action: move('C7') },
    {
      key: 'a_ask',
      expect: button('ask:torches'),
      action: ask('torches'),
      reply: [answer(null)],
    },
    {
      key: 'a_note',
      expect: cell('C7'),
      action: { type: 'note', seat: A, at: L('C7'), note: { from: null, to: 6, crossed: ['torches'], text: '' } },
    },
    { key: 'a_activateHenry', expect: button('activate:henry'), action: activate('henry') },
    { key: 'a_moveHenry', expect: cell('D6'), action: move('D6') },
    {
      key: 'a_askHenry',
      expect: button('ask:bookstore'),
      action: ask('bookstore'),
      reply: [answer('D6'), step(R, 'B5')],
    },
    { key: 'a_answered', expect: next },
    { key: 'a_activateDusty', expect: button('activate:dusty'), action: activate('dusty') },
    { key: 'a_moveDusty', expect: cell('D6'), action: move('D6') },
    {
      key: 'a_reveal',
      expect: button('reveal'),
      action: { type: 'reveal', seat: A },
    },
    { key: 'a_activateBill', expect: button('activate:bill'), action: activate('bill') },
    { key: 'a_moveBill', expect: cell('A5'), action: move('A5') },
    {
      key: 'a_askBill',
      expect: button('ask:graffiti'),
      action: ask('graffiti'),
      reply: [answer('C6'), step(R, 'B6')],
    },
    { key: 'a_round2', expect: button('activate:meru'), action: activate('meru') },
    { key: 'a_moveMeru2', expect: cell('C6'), action: move('C6') },
    {
      key: 'a_reveal2',
      expect: button('reveal'),
      action: { type: 'reveal', seat: A },
    },
    { key: 'a_activateBill2', expect: button('activate:bill'), action: activate('bill') },
    { key: 'a_moveBill2', expect: cell('B6'), action: move('B6') },
    // the table asks once before a capture: the click, then its confirmation
    { key: 'a_capture', expect: button('capture') },
    { key: 'a_captureConfirm', expect: button('confirm'), action: { type: 'capture', seat: A } },
  ],
};

export const SCRIPTS: Readonly<Record<TutorialSide, TutorialScript>> = {
  recruiter: RECRUITER_SCRIPT,
  agents: AGENTS_SCRIPT,
};

/** The rulebook chapter each lesson teaches (every lesson text links to it). */
const LESSON_CHAPTERS: readonly [RegExp, ChapterId][] = [
  [/_intro$/, 'overview'],
  [/^r_(start|hidden\d|setupRevealed)$|^a_place/, 'setup'],
  [/^r_cards$/, 'recruiter-cards'],
  [/^r_(timeTrack|alert|alertResult|step\d+)$/, 'recruiter-turn'],
  [/^r_answer$|^a_ask|^a_answered$/, 'ask'],
  [/^a_(activate|move|round)/, 'agents-turn'],
  [/^a_note$/, 'mental-notes'],
  [/^a_reveal/, 'reveal'],
  [/^a_capture/, 'capture'],
  [/^a_undo$/, 'controls'],
  [/^r_win$/, 'winning'],
];

export function lessonChapter(key: string): ChapterId | null {
  return LESSON_CHAPTERS.find(([re]) => re.test(key))?.[1] ?? null;
}
