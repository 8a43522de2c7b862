// Strings of watching and replaying and of the assistant setting of solo tables.
// Game terms come in as {params} from the main dictionaries (i18n/lookup.ts).
export const WATCH_EN = {
  dedShowAssistant: 'Show the assistant (count, odds, heatmap)',
  liveTables: 'Live tables',
  liveNone: 'No listed table is being played right now.',
  liveMore: 'More tables',
  listTable: 'List this table under live tables (anyone may watch)',
  replayByAction: 'By action',
  replayByHour: 'By hour',
  replayStepBy: 'Step',
  replayAction: 'Action {i} of {n}',
  replayHour: 'Hour {i} of {n}',
  replayKeys: 'Keys: ← → step, Home / End first and last.',
};
