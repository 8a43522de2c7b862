// Public API of @mindmgmt/ai: a list of exports, one section per module.

// ---- deduction: exact belief from public facts ----
export * from './deduction/index.js';

// ---- bots: (added by the bot module's owner) ----
export * from './bots/index.js';

// ---- game analysis ----
export * from './analysis/index.js';
