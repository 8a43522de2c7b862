// In-memory twin of the SQLite store, with the same semantics (used by unit tests).
import type { Action, GameState, NoteChange, NoteEntry } from '@mindmgmt/engine';
import type {
  AppendInput,
  GameLog,
  GameRow,
  GameStore,
  ImportedAction,
  PlaceRow,
  SeatChangeInput,
  StartInfo,
} from './types.js';

interface Entry {
  row: GameRow;
  actions: { seq: number; json: string }[];
  snapshots: { seq: number; json: string }[];
  /** White notes by location (JSON bodies). */
  notes: Map<number, string>;
}

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

export class MemoryStore implements GameStore {
  private readonly games = new Map<string, Entry>();

  async createGame(row: GameRow, actions: readonly ImportedAction[] = []): Promise<void> {
    if (this.games.has(row.id)) throw new Error('duplicate game id');
    this.games.set(row.id, {
      row: clone(row),
      actions: actions.map((x) => ({ seq: x.seq, json: JSON.stringify(x.action) })),
      snapshots: [],
      notes: new Map(),
    });
  }
  async getGame(id: string): Promise<GameRow | null> {
    const e = this.games.get(id);
    return e ? clone(e.row) : null;
  }
  async addPlace(id: string, p: PlaceRow): Promise<boolean> {
    const e = this.games.get(id);
    if (!e || e.row.status !== 'lobby' || e.row.places.some((x) => x.place === p.place)) return false;
    e.row = { ...e.row, places: [...e.row.places, clone(p)].sort((a, b) => a.place - b.place), updatedAt: Date.now() };
    return true;
  }
  async removePlace(
    id: string,
    place: number,
    hostPlace: number | null,
    closeGame: boolean,
    title: string | null,
  ): Promise<boolean> {
    const e = this.games.get(id);
    if (!e || e.row.status !== 'lobby' || !e.row.places.some((x) => x.place === place)) return false;
    e.row = {
      ...e.row,
      places: e.row.places.filter((x) => x.place !== place),
      hostPlace,
      status: closeGame ? 'closed' : e.row.status,
      title: title ?? e.row.title,
      updatedAt: Date.now(),
    };
    return true;
  }
  async replaceToken(
    id: string,
    place: number,
    oldHash: string,
    newHash: string,
    start: Omit<StartInfo, 'deadline'> | null,
  ): Promise<boolean> {
    const e = this.games.get(id);
    if (!e || (e.row.status !== 'lobby' && e.row.status !== 'active')) return false;
    if (!e.row.places.some((p) => p.place === place && p.tokenHash === oldHash)) return false;
    const places = e.row.places.map((p) => (p.place === place ? { ...p, tokenHash: newHash } : p));
    e.row = { ...e.row, places, ...(start ? { start: clone(start) } : {}) };
    return true;
  }
  async startGame(id: string, s: StartInfo): Promise<boolean> {
    const e = this.games.get(id);
    if (!e || e.row.status !== 'lobby') return false;
    const { deadline, clock, ...start } = clone(s);
    e.row = {
      ...e.row,
      status: 'active',
      start,
      deadline: deadline ?? null,
      clock: clock ?? null,
      seq: 0,
      updatedAt: s.startedAt,
      creatorNet: null,
    };
    return true;
  }
  async listOpen(limit: number, offset = 0, updatedSince = 0, vouched?: boolean): Promise<GameRow[]> {
    return [...this.games.values()]
      .filter(
        (e) =>
          e.row.status === 'lobby' &&
          e.row.updatedAt >= updatedSince &&
          (vouched === undefined || (!!e.row.vouched === vouched && e.row.netShare !== false)),
      )
      .sort((a, b) => b.row.createdAt - a.row.createdAt)
      .slice(offset, offset + limit)
      .map((e) => clone(e.row));
  }
  async countOpen(vouched: boolean, updatedSince: number): Promise<number> {
    return (await this.listOpen(Number.MAX_SAFE_INTEGER, 0, updatedSince, vouched)).length;
  }
  async countOpenOfNet(net: string, updatedSince: number): Promise<number> {
    return (await this.listOpen(Number.MAX_SAFE_INTEGER, 0, updatedSince, false)).filter((r) => r.creatorNet === net)
      .length;
  }
  async listLive(limit: number, offset: number): Promise<GameRow[]> {
    return [...this.games.values()]
      .filter((e) => e.row.listed && e.row.status === 'active')
      .sort((a, b) => b.row.createdAt - a.row.createdAt || (a.row.id < b.row.id ? -1 : 1))
      .slice(offset, offset + limit)
      .map((e) => clone(e.row));
  }
  async gamesForTokens(hashes: readonly string[]): Promise<GameRow[]> {
    const set = new Set(hashes);
    return [...this.games.values()]
      .filter(
        (e) =>
          e.row.places.some((p) => p.tokenHash && set.has(p.tokenHash)) ||
          (e.row.start?.seats ?? []).some((s) => s.tokenHash && set.has(s.tokenHash)),
      )
      .map((e) => clone(e.row));
  }
  async activeGameIds(): Promise<string[]> {
    return [...this.games.values()].filter((e) => e.row.status === 'active').map((e) => e.row.id);
  }
  async appendAction(a: AppendInput): Promise<'ok' | 'stale'> {
    const e = this.games.get(a.gameId);
    if (!e || e.row.status !== 'active' || e.row.seq !== a.expectedSeq) return 'stale';
    const seq = a.expectedSeq + 1;
    e.actions.push({ seq, json: JSON.stringify(a.action) });
    if (a.snapshot) e.snapshots.push({ seq, json: JSON.stringify(a.snapshot) });
    e.row = {
      ...e.row,
      seq,
      deadline: a.deadline,
      clock: a.clock ? clone(a.clock) : null,
      ...(a.start ? { start: clone(a.start) } : {}),
      result: a.result,
      status: a.result ? 'over' : 'active',
      updatedAt: a.at,
    };
    return 'ok';
  }
  async seatChange(a: SeatChangeInput): Promise<boolean> {
    const e = this.games.get(a.gameId);
    if (!e || e.row.status !== 'active' || e.row.seq !== a.expectedSeq) return false;
    if (JSON.stringify(e.row.start) !== JSON.stringify(a.expectedStart)) return false;
    e.row = { ...e.row, start: clone(a.start), deadline: a.deadline, clock: a.clock ? clone(a.clock) : null };
    return true;
  }
  async loadLog(id: string): Promise<GameLog> {
    const e = this.games.get(id);
    if (!e) return { snapshot: null, actions: [] };
    const snap = e.snapshots[e.snapshots.length - 1];
    const from = snap?.seq ?? 0;
    return {
      snapshot: snap ? { seq: snap.seq, state: JSON.parse(snap.json) as GameState } : null,
      actions: e.actions.filter((x) => x.seq > from).map((x) => ({ seq: x.seq, action: JSON.parse(x.json) as Action })),
    };
  }
  async allActions(id: string): Promise<Action[]> {
    return (this.games.get(id)?.actions ?? []).map((x) => JSON.parse(x.json) as Action);
  }
  async notesOf(id: string): Promise<NoteEntry[]> {
    const notes = this.games.get(id)?.notes ?? new Map<number, string>();
    return [...notes.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([at, json]) => ({ at, note: JSON.parse(json) as NoteEntry['note'] }));
  }
  private readonly analyses = new Map<string, string>();
  async analysisOf(id: string): Promise<string | null> {
    return this.analyses.get(id) ?? null;
  }
  async saveAnalysis(id: string, body: string): Promise<void> {
    if (!this.analyses.has(id)) this.analyses.set(id, body);
  }
  async setNote(id: string, change: NoteChange): Promise<void> {
    const e = this.games.get(id);
    if (!e) return;
    if (change.note) e.notes.set(change.at, JSON.stringify(change.note));
    else e.notes.delete(change.at);
  }
  async dueDeadlines(now: number, limit: number) {
    return [...this.games.values()]
      .filter((e) => e.row.status === 'active' && e.row.deadline && e.row.deadline.at <= now)
      .slice(0, limit)
      .map((e) => ({ gameId: e.row.id, deadline: e.row.deadline! }));
  }
  /** Finished games, for the player store's twin (the SQL stores queue them with a trigger). */
  finishedGames(): GameRow[] {
    return [...this.games.values()].filter((e) => e.row.status === 'over').map((e) => clone(e.row));
  }
  /** Used by the player store's twin to rename a deleted player's seats (SQL stores do it in SQL). */
  /** A deleted player's place and seat become `name`; answers the name the place had. */
  renameSeat(gameId: string, place: number | null, seat: number | null, name: string): string | null {
    const e = this.games.get(gameId);
    if (!e) return null;
    const had = e.row.places.find((p) => p.place === place)?.name ?? null;
    const start = e.row.start && {
      ...e.row.start,
      seats: e.row.start.seats.map((s) =>
        s.seat === seat || (place !== null && s.place === place) ? { ...s, name } : s,
      ),
    };
    e.row = { ...e.row, places: e.row.places.map((p) => (p.place === place ? { ...p, name } : p)), start };
    return had;
  }

  /** A title that named a deleted player (players/former-player.ts). */
  retitle(gameId: string, f: (title: string) => string): void {
    const e = this.games.get(gameId);
    if (e) e.row = { ...e.row, title: f(e.row.title) };
  }
  async close(): Promise<void> {}
}
