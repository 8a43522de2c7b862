// Types for sqlite-writer.mjs (imported by src/store/sqlite.ts).
import type Database from 'better-sqlite3';

export declare const WRITER_ROLE: 'mindmgmt-sqlite-writer';

export interface WriteOp {
  readonly id: number;
  readonly kind: string;
  readonly args: unknown;
}
export type Outcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: { readonly message: string; readonly code: string | null } };
export interface Writer {
  run(op: WriteOp): unknown;
}

export declare function createWriter(db: Database.Database, Q: Readonly<Record<string, string>>): Writer;
export declare function runBatch(
  db: Database.Database,
  writer: Writer,
  ops: readonly WriteOp[],
  group: boolean,
): Outcome[];
