// The game analysis route on a real PostgreSQL: the same schema opened again after a
// restart.
import { analysisSuite } from './analysis-suite.js';
import { cleanupSchemas, describePg, freshSchema, openPg } from './pg-helpers.js';

describePg('PostgreSQL game analysis', (url) => {
  cleanupSchemas(url);
  const schema = freshSchema('analysis');
  analysisSuite('postgres', () => openPg(url, schema));
});
