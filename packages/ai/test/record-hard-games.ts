// Records the hard games the bot tests replay (hard-games.ts): plays each seed with the hard bots
// and writes fixtures/hard-games.json. Run it after a change to the hard bots or the rules:
//   npx vite-node packages/ai/test/record-hard-games.ts
// The record is the tests' positions, not a claim about the bots: a position that the current
// bots would no longer reach is still a legal position of a real game.
import fs from 'node:fs';
import { expectedSeats } from '@mindmgmt/engine';
import { decidingSeat, HARD_GAMES_FILE, hardGameStart, playHardGame, RECORDED_SEEDS } from './hard-games.js';
import { apply } from '@mindmgmt/engine';

const out: Record<string, unknown[]> = {};
for (const seed of RECORDED_SEEDS) {
  const t0 = performance.now();
  const actions = playHardGame(seed);
  // expert.test picked the first expected seat, the others the one with a legal action: the same
  // seat in every state of these games, or the record would not be the games they played
  let s = hardGameStart(seed);
  for (const a of actions) {
    if (expectedSeats(s)[0] !== decidingSeat(s))
      throw new Error(`seed ${seed}: the deciding seats differ at seq ${s.seq}`);
    const r = apply(s, a);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  out[String(seed)] = actions;
  process.stderr.write(`seed ${seed}: ${actions.length} actions, ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
}
fs.writeFileSync(HARD_GAMES_FILE, JSON.stringify(out) + '\n');
