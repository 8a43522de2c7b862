// The Japanese catalogue, loaded only when the page is in Japanese (lookup.ts). Typed against the English
// one: a missing key is a compile error.
import type { Catalogue } from './en.js';
import { CORE_JA } from './ja/core.js';
import { LOG_JA } from './ja/log.js';
import { REFUSALS_JA } from './ja/refusals.js';
import { TABLE_JA } from './ja/table.js';
import { PLAYERS_JA } from './ja/players.js';
import { ACTIONS_JA } from './ja/actions.js';
import { WATCH_JA } from './ja/watch.js';
import { UNDO_JA } from './ja/undo.js';
import { STANDIN_JA } from './ja/standin.js';
import { TABLELAYOUT_JA } from './ja/tablelayout.js';
import { RATING_JA } from './ja/rating.js';
import { PROFILEHINTS_JA } from './ja/profilehints.js';
import { HANDLES_JA } from './ja/handles.js';
import { ADMIN_JA } from './ja/admin.js';
import { NOTIFY_JA } from './ja/notify.js';
import { OFFLINE_JA } from './ja/offline.js';
import { COMPANION_JA } from './ja/companion.js';
import { ANALYSIS_JA } from './ja/analysis.js';
import { SOLOOFFLINE_JA } from './ja/solooffline.js';
import { LOBBYERRORS_JA } from './ja/lobbyerrors.js';
import { COMMANDS_JA } from './ja/commands.js';

export const JA: Catalogue = {
  ...CORE_JA,
  ...LOG_JA,
  ...REFUSALS_JA,
  ...TABLE_JA,
  ...PLAYERS_JA,
  ...ACTIONS_JA,
  ...WATCH_JA,
  ...UNDO_JA,
  ...STANDIN_JA,
  ...TABLELAYOUT_JA,
  ...RATING_JA,
  ...PROFILEHINTS_JA,
  ...HANDLES_JA,
  ...ADMIN_JA,
  ...NOTIFY_JA,
  ...OFFLINE_JA,
  ...COMPANION_JA,
  ...ANALYSIS_JA,
  ...SOLOOFFLINE_JA,
  ...LOBBYERRORS_JA,
  ...COMMANDS_JA,
};
