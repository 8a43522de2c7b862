// The wire contract between the server and its clients (docs/protocol.md): the frames and bodies
// each side sends, the schemas that check what comes in, and the values both sides must agree on.
export * from './caps.js';
export * from './errors.js';
export * from './langs.js';
export * from './levels.js';
export * from './lobby-types.js';
export type * from './protocol.js';
export * from './requests.js';
export * from './schemas.js';
export * from './text-rules.js';
export * from './text.js';
