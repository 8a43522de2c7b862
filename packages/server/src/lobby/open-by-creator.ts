// Waiting tables per creator (the public lobby was 50 of 50 spam). The open list
// shows waiting tables, newest first; an address that may keep only a few tables waiting at once
// cannot fill it alone, and the server-wide create budget bounds what many addresses can do.
// Kept in memory per instance (like every budget): a key's tables are checked against the store
// only when it reaches the cap, and a forgotten key starts empty, which only ever favours the
// client.
/** One table of a creator: its id once created (null while the create is in flight). */
interface Cell {
  id: string | null;
  gone: boolean;
}

export class OpenTablesByCreator {
  private readonly byKey = new Map<string, Cell[]>();

  constructor(
    readonly max: number,
    /** Whether the table still waits in the lobby (not started, closed or expired). */
    private readonly stillWaiting: (id: string) => Promise<boolean>,
    private readonly maxKeys = 100_000,
  ) {}

  /** A slot for one more table of `key`, or null when it already has `max` waiting. Call
   * `bind(id)` once the table exists, or `cancel()` when the create failed. */
  async reserve(key: string): Promise<{ bind(id: string): void; cancel(): void } | null> {
    const before = (this.byKey.get(key) ?? []).filter((c) => !c.gone);
    if (before.length >= this.max) {
      const waiting = await Promise.all(before.map((c) => (c.id === null ? true : this.stillWaiting(c.id))));
      before.forEach((c, i) => {
        if (!waiting[i]) c.gone = true;
      });
    }
    // Read again after the awaits: other creates of this key may have come meanwhile.
    const cells = (this.byKey.get(key) ?? []).filter((c) => !c.gone);
    this.byKey.delete(key); // re-inserted: the map's first key is the least recently used
    if (cells.length >= this.max) {
      this.byKey.set(key, cells);
      return null;
    }
    if (this.byKey.size >= this.maxKeys) this.byKey.delete(this.byKey.keys().next().value!);
    const cell: Cell = { id: null, gone: false };
    this.byKey.set(key, [...cells, cell]);
    return {
      bind: (id) => {
        cell.id = id;
      },
      cancel: () => {
        cell.gone = true;
      },
    };
  }
}
