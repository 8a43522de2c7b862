// The English catalogue: the source of every key, and the fallback. It stays in the first-load
// bundle (the page must say something before any other catalogue arrives, and it holds the keys);
// zh.ts and ja.ts load only for their language (lookup.ts). A section is one file per language:
// en/<name>.ts, zh/<name>.ts, ja/<name>.ts, spread below.
import type { Section } from './section.js';
import { CORE_EN } from './en/core.js';
import { LOG_EN } from './en/log.js';
import { REFUSALS_EN } from './en/refusals.js';
import { TABLE_EN } from './en/table.js';
import { PLAYERS_EN } from './en/players.js';
import { ACTIONS_EN } from './en/actions.js';
import { WATCH_EN } from './en/watch.js';
import { UNDO_EN } from './en/undo.js';
import { STANDIN_EN } from './en/standin.js';
import { TABLELAYOUT_EN } from './en/tablelayout.js';
import { RATING_EN } from './en/rating.js';
import { PROFILEHINTS_EN } from './en/profilehints.js';
import { HANDLES_EN } from './en/handles.js';
import { ADMIN_EN } from './en/admin.js';
import { NOTIFY_EN } from './en/notify.js';
import { OFFLINE_EN } from './en/offline.js';
import { COMPANION_EN } from './en/companion.js';
import { ANALYSIS_EN } from './en/analysis.js';
import { SOLOOFFLINE_EN } from './en/solooffline.js';
import { LOBBYERRORS_EN } from './en/lobbyerrors.js';
import { COMMANDS_EN } from './en/commands.js';

export const EN = {
  ...CORE_EN,
  ...LOG_EN,
  ...REFUSALS_EN,
  ...TABLE_EN,
  ...PLAYERS_EN,
  ...ACTIONS_EN,
  ...WATCH_EN,
  ...UNDO_EN,
  ...STANDIN_EN,
  ...TABLELAYOUT_EN,
  ...RATING_EN,
  ...PROFILEHINTS_EN,
  ...HANDLES_EN,
  ...ADMIN_EN,
  ...NOTIFY_EN,
  ...OFFLINE_EN,
  ...COMPANION_EN,
  ...ANALYSIS_EN,
  ...SOLOOFFLINE_EN,
  ...LOBBYERRORS_EN,
  ...COMMANDS_EN,
};

/** Every language's catalogue: the English keys, each language its own texts. */
export type Catalogue = Section<typeof EN>;
