// The live-tables listing on a real PostgreSQL: the same schema opened again after
// a restart.
import { cleanupSchemas, describePg, freshSchema, openPg } from './pg-helpers.js';
import { liveTablesSuite } from './live-tables-suite.js';

describePg('PostgreSQL live tables', (url) => {
  cleanupSchemas(url);
  const schema = freshSchema('live');
  liveTablesSuite('postgres', () => openPg(url, schema));
});
