// How many sockets this process may hold: the open-file limit is read once at start.
// Node has no API for RLIMIT_NOFILE; on Linux /proc/self/limits has it. Elsewhere (or when the
// file cannot be read) we assume 1,024, the soft limit most hosts start a process with: a cap too
// low only refuses connections early, a cap too high lets sockets take the descriptors the
// database and the static files need.
import fs from 'node:fs';
import type { ConnectionCaps } from './connections.js';
import type { WsCaps } from './ws-slots.js';

export const FALLBACK_DESCRIPTOR_LIMIT = 1024;
/** Descriptors kept for everything that is not a client socket: the SQLite files and their
 * writer thread, the PostgreSQL pools and LISTEN connection, static files being sent, logs. */
export const NON_SOCKET_DESCRIPTORS = 128;

/** The soft "Max open files" of a /proc/<pid>/limits text; null when absent or unlimited. */
export function parseOpenFileLimit(limitsText: string): number | null {
  const m = /^Max open files\s+(\d+|unlimited)\s/m.exec(limitsText);
  if (!m || m[1] === 'unlimited') return null;
  const n = Number(m[1]);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export function descriptorLimit(read: () => string = () => fs.readFileSync('/proc/self/limits', 'utf8')): number {
  try {
    return parseOpenFileLimit(read()) ?? FALLBACK_DESCRIPTOR_LIMIT;
  } catch {
    return FALLBACK_DESCRIPTOR_LIMIT;
  }
}

/** Client sockets of every kind (HTTP and WebSocket) held at once: the descriptor limit less what
 * the rest of the process needs, never below 64. */
export function socketCapFor(descriptors: number): number {
  return Math.max(64, descriptors - NON_SOCKET_DESCRIPTORS);
}

/** The socket caps of a server with these limits (0s derived from the descriptor limit). */
export function socketCaps(
  limits: {
    readonly httpConnectionsPerIp: number;
    readonly maxSockets: number;
    readonly socketReserve: number;
    readonly trustProxy: boolean;
  },
  descriptors: () => number = descriptorLimit,
): ConnectionCaps {
  const total = limits.maxSockets > 0 ? limits.maxSockets : socketCapFor(descriptors());
  const reserve = Math.min(
    Math.floor(total / 2),
    limits.socketReserve > 0 ? limits.socketReserve : Math.max(16, Math.floor(total / 16)),
  );
  return { perAddress: limits.trustProxy ? 0 : limits.httpConnectionsPerIp, total, reserve };
}

/** The WebSocket caps of a server with these limits and socket caps. The total stays below the
 * socket budget: at most its open part (the reserve is kept for health checks and a returning
 * player's upgrade), by default three quarters of it, so that plain HTTP (lobby reads, joins,
 * static files: short requests, idle ones shed when sockets run short) always has a quarter. */
export function webSocketCaps(
  limits: { readonly connectionsPerIp: number; readonly wsPerPrefix: number; readonly maxWebSockets: number },
  sockets: ConnectionCaps,
): WsCaps {
  const open = sockets.total - sockets.reserve;
  const total = limits.maxWebSockets > 0 ? Math.min(limits.maxWebSockets, open) : Math.floor((open * 3) / 4);
  return { perAddress: limits.connectionsPerIp, perPrefix: limits.wsPerPrefix, total };
}
