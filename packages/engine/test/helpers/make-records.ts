// Writes the scenario records in tests/records/ (run: npx vite-node packages/engine/test/helpers/make-records.ts).
// Each scenario is played through the engine with the test helpers, so every record is legal by
// construction; tests/records.test.ts replays them and checks the recorded results.
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type GameRecord } from '../../src/index.js';
import { A, Game, L, R, setupFull, setupTraining } from './game.js';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '../../../../tests/records');

/** Pretty JSON with one action per line, so a record reads top to bottom like a game score. */
export function formatRecord(r: GameRecord): string {
  const { actions, ...head } = r;
  const lines = JSON.stringify(head, null, 2).split('\n');
  lines.pop(); // closing brace
  const body = actions.map((a, i) => `    ${JSON.stringify(a)}${i < actions.length - 1 ? ',' : ''}`);
  const headText = lines.join('\n').replace(
    /"deck": \[\n([^\]]*)\]/,
    (_m, inner: string) =>
      `"deck": [${inner
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean)
        .join(' ')}]`,
  );
  return `${headText},\n  "actions": [\n${body.join('\n')}\n  ]\n}\n`;
}

function save(name: string, g: Game | GameRecord): void {
  const rec = g instanceof Game ? g.record() : g;
  mkdirSync(dirname(join(OUT, name)), { recursive: true });
  writeFileSync(join(OUT, name), formatRecord(rec));
  console.log(name, rec.actions.length, 'actions', JSON.stringify(rec.result));
}

// ---- Training: the short example of docs/game-record.md (capture at 07:00) ----
function trainingExample(): Game {
  const g = setupTraining({
    deck: ['bus', 'monks', 'garden'],
    start: 'B4', // public in Training (confirmed "1")
    steps: ['B5', 'C5', 'D5', 'D6'], // hidden: monks, garden, bus = 3 recruits
    agents: ['A5', 'A7', 'F5', 'F7'],
  });
  g.do(R.step('E6')); // 06:00
  g.activation('meru', A.ask('bookstore')); // Meru on A5 asks about Bookstore...
  g.do(R.answer('D6')); // ...the recruiter must mark D6 (hour 5)
  g.activation('bill', A.move('D6'), A.reveal()); // Bill goes F5-E5-D6 and reveals: "5"
  g.do(R.step('F6')); // 07:00, garden: red alert shows 1
  g.activation('dusty', A.move('F6'), A.capture()); // Dusty guesses right
  return g;
}

// ---- Training: recruits (9 revealed at 11:00) ----
function trainingRecruits(): Game {
  const g = setupTraining({ deck: ['graffiti', 'bus', 'bookstore'], start: 'F2', steps: ['E2', 'E3', 'E4', 'E5'] });
  g.step('D6');
  g.activation('henry', A.move('F4'), A.ask('coffee'));
  g.do(R.answer(null));
  g.idle('meru');
  g.walk('C6', 'C5', 'B5', 'A5', 'A6');
  return g;
}

// ---- Training: time (14:00) ----
function trainingTime(): Game {
  const g = setupTraining({
    deck: ['coffee', 'dogs', 'idol'],
    start: 'A2',
    steps: ['A3', 'A4', 'A5', 'A6'],
    agents: ['F1', 'F3', 'F5', 'F7'],
  });
  g.walk('B6', 'B5', 'B4', 'B3', 'B2', 'C2', 'D2', 'D3', 'D4');
  return g;
}

// ---- Training: boxed in on the move to 14:00 ----
function trainingBoxedIn(): Game {
  const g = setupTraining({
    deck: ['pool', 'garden', 'bus'],
    start: 'C1',
    steps: ['B1', 'B2', 'C2', 'D2'],
    agents: ['F1', 'F3', 'F5', 'F7'],
  });
  g.walk('D3', 'C3', 'C4', 'B4', 'A4', 'A3', 'A2', 'A1');
  return g;
}

// ---- Full Game: a hand-played game ending in a capture ----
function fullCapture(): Game {
  const g = setupFull({
    card: 'girl',
    deck: [
      'garden',
      'tuktuk',
      'idol',
      'coffee',
      'billboard',
      'pool',
      'parrot',
      'bus',
      'monks',
      'dogs',
      'fountain',
      'torches',
      'bookstore',
      'graffiti',
      'palm',
      'umbrellas',
    ],
    start: 'D3', // parrot, palm
    steps: ['D4', 'E4', 'E3', 'F3'], // F3: idol = 1 recruit in setup
    immortals: ['C4', 'D5', 'B3', 'E2'],
    agents: ['A4', 'F7', 'A2', 'F5'],
    mindSlipAt: 'B4',
  });
  // 06: the recruiter heads down the east edge and shields Pool.
  g.do(R.imm('E2', 'E3'), R.step('F4'), R.end()); // F4: parrot, coffee
  g.activation('meru', A.move('C4'), A.shakedown('idol')); // hit: Idol exposed
  g.activation('dusty', A.move('F6'), A.capture()); // miss
  // 07: red alert 0.
  g.do(R.step('F5'), R.imm('D5', 'E6'), R.end()); // F5: pool, tuktuk
  g.activation('bill', A.move('B2'), A.ask('parrot', true)); // Dolphin: D3 and F4 get step tokens
  g.activation('henry', A.move('F5'), A.capture()); // the recruiter is on F5: caught
  return g;
}

// ---- Full Game: time (16:00) with a few agent actions along the way ----
function fullTime(): Game {
  const g = setupFull({
    deck: ['coffee', 'dogs', 'garden', 'parrot', 'fountain'],
    start: 'A2',
    steps: ['A3', 'A4', 'A5', 'A6'],
    agents: ['F1', 'F3', 'F5', 'F7'],
  });
  g.step('B6');
  g.activation('meru', A.move('E1'), A.scan()); // no
  g.idle('henry');
  g.walk('B5', 'B4', 'B3', 'B2', 'C2', 'D2', 'D3', 'D4', 'D5', 'D6');
  return g;
}

// ---- Full Game: 12 recruits revealed at 13:00 ----
function fullRecruits(): Game {
  const g = setupFull({
    deck: ['monks', 'graffiti', 'torches'],
    start: 'B7',
    steps: ['C7', 'C6', 'C5', 'B5'],
    agents: ['F1', 'F3', 'F6', 'F7'],
  });
  g.walk('A5', 'A4', 'A3', 'A2', 'B2', 'C2', 'C1', 'D1');
  return g;
}

// ---- Full Game: boxed in at the first turn, after an immortal recruit (D1) ----
function fullBoxedIn(): Game {
  return setupFull({
    card: 'girl',
    deck: ['tuktuk', 'dogs', 'garden', 'pool', 'idol'],
    mayhem: [
      ['A1', 'B1'],
      ['C7', 'D7'],
      ['E7', 'F7'],
      ['A4', 'A5'],
      ['F2', 'F3'],
    ],
    start: 'C3',
    steps: ['C2', 'B2', 'A2', 'A1'],
    immortals: ['C4', 'E3', 'B5', 'D5'],
    agents: ['F1', 'F7', 'A7', 'F5'],
  });
}

// ---- Full Game, 2 agent seats: the agents resign at 08:00 ----
function fullResign(): Game {
  const g = setupFull({
    agentSeats: 2,
    deck: ['pool', 'graffiti', 'idol'],
    start: 'E4',
    steps: ['E3', 'D3', 'D2', 'C2'],
  });
  g.walk('C3', 'B3');
  g.step('B4');
  // A legacy record: written when notes were still actions in the log (they replay as before).
  g.logged({ type: 'note', seat: 2, at: L('C1'), note: { from: 1, to: 8, crossed: [], text: 'no idea' } });
  g.do({ type: 'resign', seat: 2 });
  return g;
}

// ---- An illegal record: the recruiter tries a diagonal step that is not to or from a temple ----
function illegalStep(): GameRecord {
  const g = setupTraining({ deck: ['pool', 'graffiti', 'idol'], start: 'B2', steps: ['C2', 'D2', 'D3', 'D4'] });
  g.step('E4');
  g.passAgents();
  const rec = g.record();
  return { ...rec, actions: [...rec.actions, { type: 'step', seat: 0, to: 'F3' }], result: null };
}

const games: Record<string, () => Game | GameRecord> = {
  'training-example.json': trainingExample,
  'training-recruits.json': trainingRecruits,
  'training-time.json': trainingTime,
  'training-boxed-in.json': trainingBoxedIn,
  'full-capture.json': fullCapture,
  'full-time.json': fullTime,
  'full-recruits.json': fullRecruits,
  'full-boxed-in.json': fullBoxedIn,
  'full-resign.json': fullResign,
  'illegal/training-illegal-step.json': illegalStep,
};

const only = process.argv[2];
for (const [name, make] of Object.entries(games)) if (!only || name.includes(only)) save(name, make());
