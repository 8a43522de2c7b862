// The offline games kept in this browser, in IndexedDB: for each game its setup,
// the engine's start (seed, deck, recruiter card) and the action log; the state is rebuilt by
// replaying the log with the engine on load (host.ts), so what is stored is exactly what a game
// record holds. Saved after every action, so closing the tab (or a phone going to sleep) loses
// nothing that was shown.
import type { PlayerLevel } from '@mindmgmt/ai';
import type { Action, GameOptions, GameResult, Notes } from '@mindmgmt/engine';
import type { AssistantMode } from '../table/assistant.js';

/** What the player chose for an offline solo game. */
export interface LocalSetup {
  /** The side the player takes; the bot plays the other. */
  readonly role: 'recruiter' | 'agents';
  readonly level: PlayerLevel;
  readonly mode: 'training' | 'full';
  readonly assistant: AssistantMode;
}

export interface LocalGameSave {
  readonly id: string;
  readonly version: 1;
  readonly setup: LocalSetup;
  /** The engine's start: `newGame(options, seed)` (the deck and a random card drawn in the page). */
  readonly seed: number;
  readonly options: GameOptions;
  /** Random bits the bots' decision seeds are drawn from (decision n: botSeed and n). */
  readonly botSeed: number;
  readonly actions: readonly Action[];
  readonly notes: Notes;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly result: GameResult | null;
  /** The server's id of this game once uploaded to the player's history (unrated). */
  readonly uploaded?: string;
}

/** A line of the list of offline games. */
export type LocalGameSummary = Pick<
  LocalGameSave,
  'id' | 'setup' | 'createdAt' | 'updatedAt' | 'result' | 'uploaded'
> & {
  readonly moves: number;
};

const DB = 'mindmgmt-local';
const STORE = 'games';

let opened: Promise<IDBDatabase> | null = null;

function db(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE, { keyPath: 'id' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('indexedDB'));
  }).catch((e: unknown) => {
    opened = null;
    throw e;
  });
  return opened;
}

async function run<T>(mode: IDBTransactionMode, f: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const d = await db();
  return new Promise<T>((resolve, reject) => {
    const tx = d.transaction(STORE, mode);
    const req = f(tx.objectStore(STORE));
    // resolved when the transaction is durable, not when the request is answered
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(tx.error ?? new Error('indexedDB'));
    tx.onabort = () => reject(tx.error ?? new Error('indexedDB'));
  });
}

export function putLocalGame(g: LocalGameSave): Promise<void> {
  return run('readwrite', (s) => s.put(g)).then(() => undefined);
}

export async function getLocalGame(id: string): Promise<LocalGameSave | null> {
  return ((await run('readonly', (s) => s.get(id))) as LocalGameSave | undefined) ?? null;
}

export function deleteLocalGame(id: string): Promise<void> {
  return run('readwrite', (s) => s.delete(id)).then(() => undefined);
}

/** Every offline game in this browser, the most recently played first. */
export async function listLocalGames(): Promise<LocalGameSummary[]> {
  const all = (await run('readonly', (s) => s.getAll())) as LocalGameSave[];
  return all
    .map(({ id, setup, createdAt, updatedAt, result, uploaded, actions }) => ({
      id,
      setup,
      createdAt,
      updatedAt,
      result,
      moves: actions.length,
      ...(uploaded ? { uploaded } : {}),
    }))
    .sort((a, b) => b.updatedAt - a.updatedAt);
}
