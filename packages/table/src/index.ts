// @mindmgmt/table: the one home of a table session, shared by the server, the web and the CLI.
// Browser-safe (no Node imports): the web bundle imports it as the server does.
export * from './contract/index.js';
// The table host: one pure loop of a session (apply, what each viewer sees, its frames).
export * from './host/index.js';
// The client's side: one reducer of the frames for every table.
export * from './client/index.js';
