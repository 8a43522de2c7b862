// The WebSocket integration suite (play-suite.ts) against a real PostgreSQL.
import { cleanupSchemas, describePg, openPg } from './pg-helpers.js';
import { playSuite } from './play-suite.js';

describePg('PostgreSQL server', (url) => {
  cleanupSchemas(url);
  playSuite('postgres', () => openPg(url));
});
