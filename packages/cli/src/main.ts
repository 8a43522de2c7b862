#!/usr/bin/env node
// The command line: `replay`, `simulate`, `ladder`, `finish-rate`, `bench`, `backup`, `restore`.
import { backupCommand, restoreCommand } from './backup.js';
import { benchCommand } from './bench/index.js';
import { finishRateCommand } from './finish-rate.js';
import { ladderCommand } from './ladder/index.js';
import { replayCommand } from './replay.js';
import { simulateCommand } from './simulate.js';

const USAGE = `usage: mindmgmt <command>
  replay FILE [--json]       replay a game record and print its result
  simulate [options]         play bot games (see simulate --help)
  ladder [options]           rate the bot levels against each other on the players' scale
                             (see ladder --help)
  finish-rate [options]      share of games finished when people go silent, with and without
                             stand-ins (see finish-rate --help)
  bench [--json] [--quick] [--only=engine,deduce,bots,storm,web,server,cluster]
                             run the benchmarks and print the figures
  backup FILE                copy DATA_DIR's database to FILE (while the server runs)
  restore FILE               fill an empty DATA_DIR from a backup
`;

async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  switch (cmd) {
    case 'replay':
      return replayCommand(rest);
    case 'simulate':
      return simulateCommand(rest);
    case 'ladder':
      return ladderCommand(rest);
    case 'finish-rate':
      return finishRateCommand(rest);
    case 'bench':
      return benchCommand(rest);
    case 'backup':
      return backupCommand(rest);
    case 'restore':
      return restoreCommand(rest);
    default:
      process.stderr.write(USAGE);
      return cmd ? 2 : 0;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 1;
  },
);
