// The Chinese catalogue, loaded only when the page is in Chinese (lookup.ts). Typed against the English
// one: a missing key is a compile error.
import type { Catalogue } from './en.js';
import { CORE_ZH } from './zh/core.js';
import { LOG_ZH } from './zh/log.js';
import { REFUSALS_ZH } from './zh/refusals.js';
import { TABLE_ZH } from './zh/table.js';
import { PLAYERS_ZH } from './zh/players.js';
import { ACTIONS_ZH } from './zh/actions.js';
import { WATCH_ZH } from './zh/watch.js';
import { UNDO_ZH } from './zh/undo.js';
import { STANDIN_ZH } from './zh/standin.js';
import { TABLELAYOUT_ZH } from './zh/tablelayout.js';
import { RATING_ZH } from './zh/rating.js';
import { PROFILEHINTS_ZH } from './zh/profilehints.js';
import { HANDLES_ZH } from './zh/handles.js';
import { ADMIN_ZH } from './zh/admin.js';
import { NOTIFY_ZH } from './zh/notify.js';
import { OFFLINE_ZH } from './zh/offline.js';
import { COMPANION_ZH } from './zh/companion.js';
import { ANALYSIS_ZH } from './zh/analysis.js';
import { SOLOOFFLINE_ZH } from './zh/solooffline.js';
import { LOBBYERRORS_ZH } from './zh/lobbyerrors.js';
import { COMMANDS_ZH } from './zh/commands.js';

export const ZH: Catalogue = {
  ...CORE_ZH,
  ...LOG_ZH,
  ...REFUSALS_ZH,
  ...TABLE_ZH,
  ...PLAYERS_ZH,
  ...ACTIONS_ZH,
  ...WATCH_ZH,
  ...UNDO_ZH,
  ...STANDIN_ZH,
  ...TABLELAYOUT_ZH,
  ...RATING_ZH,
  ...PROFILEHINTS_ZH,
  ...HANDLES_ZH,
  ...ADMIN_ZH,
  ...NOTIFY_ZH,
  ...OFFLINE_ZH,
  ...COMPANION_ZH,
  ...ANALYSIS_ZH,
  ...SOLOOFFLINE_ZH,
  ...LOBBYERRORS_ZH,
  ...COMMANDS_ZH,
};
