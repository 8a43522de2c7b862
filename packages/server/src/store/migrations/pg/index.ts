// PostgreSQL schema migrations, in order. Each is a TS module exporting `name` and `sql`; add a
// file NNN_what.ts and list it here. Applied once each, recorded in schema_migrations.
import * as m001 from './001_init.js';
import * as m002 from './002_sealed_commits.js';
import * as m100 from './100_players.js';
import * as m101 from './101_place_players.js';
import * as m102 from './102_game_notes.js';
import * as m103 from './103_chat_record.js';
import * as m104 from './104_listed_tables.js';
import * as m105 from './105_handles.js';
import * as m106 from './106_vouched_tables.js';
import * as m107 from './107_notify.js';
import * as m108 from './108_game_analyses.js';
import * as m109 from './109_offline_games.js';
import * as m110 from './110_mail_recipients.js';
import * as m111 from './111_creator_nets.js';
import * as m113 from './113_seat_clocks.js';
import * as m114 from './114_abandoned_games.js';
import * as m120 from './120_admin.js';
import * as m130 from './130_presence.js';

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export const PG_MIGRATIONS: readonly Migration[] = [
  { version: 1, ...m001 },
  { version: 2, ...m002 },
  { version: 100, ...m100 },
  { version: 101, ...m101 },
  { version: 102, ...m102 },
  { version: 103, ...m103 },
  { version: 104, ...m104 },
  { version: 105, ...m105 },
  { version: 106, ...m106 },
  { version: 107, ...m107 },
  { version: 108, ...m108 },
  { version: 109, ...m109 },
  { version: 110, ...m110 },
  { version: 111, ...m111 },
  { version: 113, ...m113 },
  { version: 114, ...m114 },
  { version: 120, ...m120 },
  { version: 130, ...m130 },
];
