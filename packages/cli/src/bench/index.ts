// `bench`: runs every benchmark and prints its figures as one JSON object.
import { benchBots } from './bots.js';
import { benchCluster } from './cluster.js';
import { benchDeduce } from './deduce.js';
import { benchEngine } from './engine.js';
import { benchServer } from './server.js';
import { benchStorm } from './storm.js';
import { benchWeb } from './web.js';
import { benchWebOffline } from './web-offline.js';

type Bench = (opts: { quick: boolean }) => Promise<Record<string, number>>;

export const BENCHES: Readonly<Record<string, Bench>> = {
  engine: benchEngine,
  deduce: benchDeduce,
  bots: benchBots,
  storm: benchStorm,
  web: benchWeb,
  webOffline: benchWebOffline,
  server: benchServer,
  cluster: benchCluster,
};

export async function benchCommand(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  const quick = argv.includes('--quick');
  const onlyArg = argv.find((a) => a.startsWith('--only='));
  const only = onlyArg ? onlyArg.slice('--only='.length).split(',') : Object.keys(BENCHES);
  const unknown = only.filter((n) => !(n in BENCHES));
  if (unknown.length) {
    process.stderr.write(`unknown benchmark(s): ${unknown.join(', ')}; known: ${Object.keys(BENCHES).join(', ')}\n`);
    return 2;
  }
  const figures: Record<string, number> = {};
  for (const name of only) {
    process.stderr.write(`[bench] ${name}...\n`);
    const t0 = Date.now();
    Object.assign(figures, await BENCHES[name]!({ quick }));
    process.stderr.write(`[bench] ${name} done in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
  }
  if (json) process.stdout.write(JSON.stringify(figures) + '\n');
  else for (const [k, v] of Object.entries(figures)) process.stdout.write(`${k.padEnd(32)} ${v}\n`);
  return 0;
}
