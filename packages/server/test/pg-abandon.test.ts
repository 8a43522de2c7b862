// Abandoning a game by agreement (D14) on PostgreSQL (abandon-suite.ts).
import { cleanupSchemas, describePg, openPg } from './pg-helpers.js';
import { abandonSuite } from './abandon-suite.js';

describePg('abandon on PostgreSQL', (url) => {
  cleanupSchemas(url);
  abandonSuite('postgres', () => openPg(url));
});
