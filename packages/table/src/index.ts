// @mindmgmt/table: the one home of a table session, shared by the server, the web and the CLI.
// Browser-safe (no Node imports): the web bundle imports it as the server does.
export * from './contract/index.js';
