// Hard-vs-hard Full games (one agent seat, recruiter card 'choose', both bots deciding at
// NO_CUTOFF_MS so that a game depends on its seed alone), the positions the bot tests start from.
// They are recorded once (record-hard-games.ts writes fixtures/hard-games.json) and replayed here:
// a replay costs a few ms where playing the game costs every bot decision again, about 2 s a game
// (so the tests stay cheap on 2 cores; 18xx replays its recorded games the same way). A seed that is not recorded is
// played live.
import fs from 'node:fs';
import { type Action, apply, expectedSeats, type GameState, legalActions, newGame, view } from '@mindmgmt/engine';
import { makeBot, seatRng } from '../src/bots/index.js';
import { NO_CUTOFF_MS } from './work-limited.js';

export const HARD_GAMES_FILE = new URL('./fixtures/hard-games.json', import.meta.url);

/** The seeds the tests use: bots.agents-info, bots.agents-threat, bots.ask-exposure (60-65),
 * expert.lookahead (126, 127), expert (5, 7, 8, 10, 42, 43), bots.model (all). Here, not in the
 * recording script: importing that script records the games again. */
export const RECORDED_SEEDS = [5, 7, 8, 10, 42, 43, 60, 61, 62, 63, 64, 65, 126, 127];

/** The game's first state. */
export function hardGameStart(seed: number): GameState {
  return newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'choose' }, seed);
}

/** The seat that decides in `s` (the one with a legal action). */
export function decidingSeat(s: GameState): number {
  return expectedSeats(s).find((x) => legalActions(s, x).length > 0)!;
}

/** Plays the game of `seed` with the hard bots; `stop` ends it early (after the state it is given). */
export function playHardGame(seed: number, stop: (s: GameState) => boolean = () => false): Action[] {
  let s = hardGameStart(seed);
  const bots = [makeBot('hard', 'recruiter'), makeBot('hard', 'agents')];
  const rngs = [seatRng(seed, 0), seatRng(seed, 1)];
  const actions: Action[] = [];
  while (!s.result && !stop(s)) {
    const who = decidingSeat(s);
    const a = bots[who]!.decide(view(s, who), legalActions(s, who), rngs[who]!, NO_CUTOFF_MS);
    const r = apply(s, a);
    if (!r.ok) throw new Error(r.message);
    actions.push(a);
    s = r.state;
  }
  return actions;
}

let recorded: Record<string, Action[]> | null = null;
function recordedGames(): Record<string, Action[]> {
  recorded ??= fs.existsSync(HARD_GAMES_FILE)
    ? (JSON.parse(fs.readFileSync(HARD_GAMES_FILE, 'utf8')) as Record<string, Action[]>)
    : {};
  return recorded;
}

const replayed = new Map<number, GameState[]>();

/** Every state of the hard game of `seed`, from its start to its end, replayed from the record
 * (played live when the seed is not recorded). */
export function hardGame(seed: number): readonly GameState[] {
  const done = replayed.get(seed);
  if (done) return done;
  const actions = recordedGames()[String(seed)] ?? playHardGame(seed);
  const states = [hardGameStart(seed)];
  for (const [i, a] of actions.entries()) {
    const r = apply(states[states.length - 1]!, a);
    if (!r.ok)
      throw new Error(
        `recorded hard game ${seed} no longer replays at action ${i} (${r.message}): the rules changed; record the games again (packages/ai/test/record-hard-games.ts)`,
      );
    states.push(r.state);
  }
  if (!states[states.length - 1]!.result) throw new Error(`recorded hard game ${seed} does not reach an end`);
  replayed.set(seed, states);
  return states;
}

/** The first state of the hard game of `seed` where `until` holds, else its last. */
export function hardPosition(seed: number, until: (s: GameState) => boolean): GameState {
  const states = hardGame(seed);
  return states.find((s) => until(s)) ?? states[states.length - 1]!;
}
