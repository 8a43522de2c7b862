// Secrecy checks shared by secrecy.test.ts (one server) and pg-cluster.test.ts (two instances):
// what must never reach an agent seat, a spectator, an HTTP answer or a log line.
import type { GameState } from '@mindmgmt/engine';

export const FORBIDDEN_KEYS = new Set([
  'secret',
  'path',
  'cards',
  'deck',
  'initialDeck',
  'secondMindSlipHeld',
  'acquiredMindSlip',
  'askOptions',
  'unrevealed',
  'contacts',
  'seed',
  'tokenHash',
]);
export const LOG_KEYS = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'svc',
  'gameId',
  'seq',
  'type',
  'seat',
  'mode',
  'players',
  'agentSeats',
  'place',
  'closed',
  'winner',
  'reason',
  'port',
  'games',
  'code',
  'why',
  'err',
  'sig',
  'stored',
  'engine',
  'rowSeq',
  'route',
  'dataDir',
  'resumed',
  'buffered',
  'cid',
  // cluster (PostgreSQL) deployments
  'store',
  'instance',
  'lost',
  'count',
  // the socket caps read at start: numbers
  'perAddress',
  'perPrefix',
  'total',
  'reserve',
  // stand-ins (D13): the bot level that plays an absent player's seat
  'botLevel',
]);

export interface Secrets {
  card: string | null;
  paths: Set<string>;
  cards: string | null;
  decks: Set<string>;
}

export function walk(x: unknown, visit: (k: string, v: unknown) => void): void {
  if (Array.isArray(x)) for (const v of x) walk(v, visit);
  else if (x && typeof x === 'object')
    for (const [k, v] of Object.entries(x)) {
      visit(k, v);
      walk(v, visit);
    }
}

export function leaks(text: string, s: Secrets): string | null {
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  let problem: string | null = null;
  walk(m, (k, v) => {
    if (FORBIDDEN_KEYS.has(k)) problem ??= `key ${k}`;
    if (k === 'recruiter' && v !== null && typeof v === 'object') problem ??= 'recruiter secrets';
  });
  if (problem) return problem;
  const clean = JSON.stringify(m, (k, v) => (k === 'potentialRecruiterCards' ? undefined : v));
  if (s.card && clean.includes(`"${s.card}"`)) return `recruiter card ${s.card}`;
  for (const p of s.paths) if (clean.includes(p)) return `path ${p}`;
  if (s.cards && clean.includes(s.cards)) return 'feature cards';
  for (const d of s.decks) if (clean.includes(d)) return 'deck order';
  return null;
}

export function note(s: Secrets, st: GameState): void {
  s.card = st.recruiterCard;
  if (st.path.length >= 5) s.paths.add(JSON.stringify(st.path).slice(1, -1));
  if (st.cards.length === 3) s.cards = JSON.stringify(st.cards);
  if (st.deck.length >= 4) s.decks.add(JSON.stringify(st.deck));
  s.decks.add(JSON.stringify(st.initialDeck));
}
