// What the player puts on the physical board: the companion plays the recruiter, the
// player moves the agents on their own box. Each PUBLIC event of the engine becomes an instruction
// for the board, or is listed in NOTHING_TO_PLACE with the reason; the table below is typed by the
// engine's event kinds, so a new kind fails to compile until it is placed in one or the other.
// Pure: events in, instructions out; the words are the catalogue's cp_* keys (i18n/*/companion.ts).
import {
  LOCATIONS,
  RECRUITER_SEAT,
  type FeatureId,
  type GameResult,
  type Loc,
  type PublicEvent,
  type PublicEventKind,
} from '@mindmgmt/engine';
import type { I18n } from '../i18n/lookup.js';

export type Instruction =
  | { readonly kind: 'mayhem'; readonly a: Loc; readonly b: Loc }
  | { readonly kind: 'startNote'; readonly at: Loc }
  | { readonly kind: 'immortal'; readonly at: Loc }
  | { readonly kind: 'immortalCards'; readonly features: readonly FeatureId[] }
  | { readonly kind: 'moveImmortal'; readonly from: Loc; readonly to: Loc }
  /** Step tokens and why: an Ask's answer about `feature`, or (null) the clue the recruiter paid
   * for its extra immortal move (R15). */
  | { readonly kind: 'stepTokens'; readonly at: readonly Loc[]; readonly feature: FeatureId | null }
  | { readonly kind: 'cannotPlace'; readonly feature: FeatureId }
  | { readonly kind: 'immortalRecruit'; readonly feature: FeatureId }
  | { readonly kind: 'mindSlip'; readonly token: 1 | 2; readonly time: number; readonly from: Loc | null }
  | { readonly kind: 'time'; readonly time: number }
  | { readonly kind: 'alert'; readonly n: number }
  | { readonly kind: 'recruits'; readonly total: number }
  | { readonly kind: 'confirmedNote'; readonly at: Loc; readonly time: number }
  | { readonly kind: 'exposed'; readonly feature: FeatureId }
  | { readonly kind: 'shakedownMiss'; readonly feature: FeatureId }
  | { readonly kind: 'captureMiss'; readonly at: Loc }
  | { readonly kind: 'scan'; readonly yes: boolean }
  | { readonly kind: 'gameOver'; readonly result: GameResult };

/** Kinds that put nothing on the physical board, each with why. */
export const NOTHING_TO_PLACE: Readonly<Partial<Record<PublicEventKind, string>>> = {
  recruiterCardChosen: 'the recruiter card stays in the app, like behind the screen',
  featureCardsDrawn: 'the three secret feature cards stay in the app; its cards are named when exposed',
  recruiterStepped: 'a step is secret; the time token moves with timeAdvanced',
  recruiterTurnStarted: 'nothing moves on the board until the recruiter acts',
  agentPlaced: 'the player placed the agent themselves',
  mindSlipTokenPlaced: 'the player placed the 2nd mind slip token themselves',
  agentActivated: 'the player’s own action',
  agentMoved: 'the player moved the agent themselves',
  asked: 'the player asked; the answer is askAnswered',
  immortalPushed: 'the player pushed the immortal themselves',
  activationEnded: 'the player’s own action',
  roundEnded: 'the time track already shows it',
  noteChanged: 'mental notes are the player’s own',
};

type Rule<K extends PublicEventKind> = (e: Extract<PublicEvent, { kind: K }>, recruits: number) => Instruction[];
type Rules = { readonly [K in PublicEventKind]: Rule<K> };

const none = (): Instruction[] => [];

/** One entry per event kind: what it asks of the player's board. `recruits` is the revealed
 * recruits after the event (the marker's new place). */
const RULES: Rules = {
  // Agents place their own mayhem (R5); the recruiter's tokens are the app's to announce.
  mayhemPlaced: (e) => (e.seat === RECRUITER_SEAT ? [{ kind: 'mayhem', a: e.between[0], b: e.between[1] }] : []),
  recruiterCardChosen: none,
  // R31: the Training start is public, a confirmed note 1 on it.
  startChosen: (e) => (e.at !== null ? [{ kind: 'startNote', at: e.at }] : []),
  featureCardsDrawn: none,
  recruiterStepped: none,
  mindSlipUsed: (e) => [{ kind: 'mindSlip', token: e.token, time: e.time, from: e.tokenAt }],
  setupRecruitsRevealed: (_e, recruits) => [{ kind: 'recruits', total: recruits }],
  immortalPlaced: (e) => [{ kind: 'immortal', at: e.at }],
  agentPlaced: none,
  mindSlipTokenPlaced: none,
  immortalCardsDrawn: (e) => (e.features.length ? [{ kind: 'immortalCards', features: e.features }] : []),
  recruiterTurnStarted: none,
  immortalMoved: (e) => [
    ...(e.stepToken !== null ? [{ kind: 'stepTokens', at: [e.stepToken], feature: null } as const] : []),
    { kind: 'moveImmortal', from: e.from, to: e.to },
  ],
  immortalRecruited: (e, recruits) => [
    { kind: 'immortalRecruit', feature: e.feature },
    { kind: 'recruits', total: recruits },
  ],
  timeAdvanced: (e, recruits) => [
    { kind: 'time', time: e.time },
    ...(e.alert !== null
      ? [{ kind: 'alert', n: e.alert } as const, { kind: 'recruits', total: recruits } as const]
      : []),
  ],
  agentActivated: none,
  agentMoved: none,
  asked: none,
  askAnswered: (e) =>
    e.at.length
      ? [{ kind: 'stepTokens', at: e.at, feature: e.feature }]
      : [{ kind: 'cannotPlace', feature: e.feature }],
  revealed: (e) => [{ kind: 'confirmedNote', at: e.at, time: e.visitTime }],
  shakedown: (e) => [e.hit ? { kind: 'exposed', feature: e.feature } : { kind: 'shakedownMiss', feature: e.feature }],
  immortalPushed: none,
  // A hit ends the game: gameOver says so.
  captureAttempted: (e) => (e.hit ? [] : [{ kind: 'captureMiss', at: e.at }]),
  scanned: (e) => [{ kind: 'scan', yes: e.yes }],
  activationEnded: none,
  roundEnded: none,
  noteChanged: none,
  gameOver: (e) => [{ kind: 'gameOver', result: e.result }],
};

/** The event kinds the table knows (all of the engine's, by its type). */
export const INSTRUCTED_KINDS = Object.keys(RULES) as readonly PublicEventKind[];

/** How an event moves the revealed recruits (engine queries.ts `revealedRecruits`). */
function recruitsAfter(e: PublicEvent, before: number): number {
  if (e.kind === 'setupRecruitsRevealed') return before + e.count;
  if (e.kind === 'immortalRecruited') return before + 1;
  if (e.kind === 'timeAdvanced' && e.alert !== null) return before + e.alert;
  return before;
}

/** The instructions for a run of public events (one recruiter turn, one answer, ...), given the
 * revealed recruits before the first; returns the count after the last for the next call. */
export function instructionsFor(
  events: readonly PublicEvent[],
  recruitsBefore: number,
): { readonly instructions: Instruction[]; readonly recruits: number } {
  let recruits = recruitsBefore;
  const instructions: Instruction[] = [];
  for (const e of events) {
    recruits = recruitsAfter(e, recruits);
    instructions.push(...(RULES[e.kind] as Rule<typeof e.kind>)(e as never, recruits));
  }
  return { instructions, recruits };
}

const L = (l: Loc): string => LOCATIONS[l]?.label ?? '?';
const clock = (h: number): string => `${h}:00`;

/** An instruction in the player's language. */
export function instructionText(i18n: I18n, x: Instruction): string {
  const t = (key: string, params: Record<string, string | number> = {}) => i18n.t(`cp_${key}` as 'cp_time', params);
  switch (x.kind) {
    case 'mayhem':
      return t('mayhem', { a: L(x.a), b: L(x.b) });
    case 'startNote':
      return t('startNote', { at: L(x.at) });
    case 'immortal':
      return t('immortal', { at: L(x.at) });
    case 'immortalCards':
      return t('immortalCards', { features: x.features.map((f) => i18n.feature(f)).join(', ') });
    case 'moveImmortal':
      return t('moveImmortal', { from: L(x.from), to: L(x.to) });
    case 'stepTokens':
      return x.feature === null
        ? t('stepTokenPaid', { at: x.at.map(L).join(', ') })
        : t('stepTokensAnswer', { at: x.at.map(L).join(', '), feature: i18n.feature(x.feature) });
    case 'cannotPlace':
      return t('cannotPlace', { feature: i18n.feature(x.feature) });
    case 'immortalRecruit':
      return t('immortalRecruit', { feature: i18n.feature(x.feature) });
    case 'mindSlip':
      return (
        t('mindSlip', { token: x.token, time: clock(x.time) }) +
        (x.from !== null ? t('mindSlipFrom', { at: L(x.from) }) : '')
      );
    case 'time':
      return t('time', { time: clock(x.time) });
    case 'alert':
      return i18n.t('cp_alert', { n: x.n });
    case 'recruits':
      return t('recruits', { n: x.total });
    case 'confirmedNote':
      return t('confirmedNote', { at: L(x.at), time: clock(x.time) });
    case 'exposed':
      return t('exposed', { feature: i18n.feature(x.feature) });
    case 'shakedownMiss':
      return t('shakedownMiss', { feature: i18n.feature(x.feature) });
    case 'captureMiss':
      return t('captureMiss', { at: L(x.at) });
    case 'scan':
      return t(x.yes ? 'scanYes' : 'scanNo');
    case 'gameOver':
      return t(x.result.winner === 'recruiter' ? 'wonRecruiter' : 'wonAgents');
  }
}

/** The whole secret path at the end: the location of each hour, in order (1 is the start). */
export function pathLines(path: readonly Loc[]): readonly { readonly time: number; readonly at: string }[] {
  return path.map((at, i) => ({ time: i + 1, at: L(at) }));
}
