// Public API of the game analysis: pure, importable by the server's bot worker and
// by the browser's worker. See ./README.md.
export { analyseGame, analysisSeed, AnalysisError } from './analyse.js';
export * from './types.js';
export { MOMENTS } from './moments.js';
