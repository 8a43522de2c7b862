// Secrecy: >= 200 random games through real sockets. Every frame to agent seats and spectators,
// every HTTP response and every error text is checked, structurally and by value, until the
// game is over. Logs are checked to carry only whitelisted (non-secret) fields.
import { describe, expect, it } from 'vitest';
import { type Action, apply, type GameState, view } from '@mindmgmt/engine';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOG_KEYS, leaks, note, type Secrets } from './secrecy-check.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { api, closeTable, type LogSink, mulberry, openTable, playOut, type TableSpec, testServer } from './helpers.js';

const GAMES = 200;
const PARALLEL = 8;
const NEVER_AGENT = [
  () => ({ type: 'step', to: 14 }),
  () => ({ type: 'answerAsk', at: null }),
  () => ({ type: 'chooseStart', at: 20 }),
  () => ({ type: 'mindSlip', to: 8, token: 1 }),
  () => ({ type: 'endTurn' }),
  () => ({ type: 'moveImmortal', from: 14, to: 15 }),
];

describe('secrecy', () => {
  it("D12 a recruiter step taken back: the agents and spectators are sent exactly what they would see without it, and the table's listed time does not move", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-secret-undo-'));
    // The service's clock moves only when the test moves it: a stamp taken after the move differs.
    let wall = Date.UTC(2026, 0, 1);
    const srv = await testServer(SqliteStore.inDir(dir), { service: { wallClock: () => wall } });
    const t = await openTable(srv.url, { mode: 'full', players: 2, recruiterChoice: 'host' });
    const rec = t.bySeat.get(0)!;
    const agent = t.bySeat.get(1)!;
    const fresh = async () => (await srv.service.master.getLive(t.gameId))!.state!;
    // Play until the recruiter's first Full Game turn, before anything is done in it.
    const turnStart = () => {
      const v = rec.view;
      return v?.phase === 'recruiterTurn' && v.time >= 5 && !v.turn.actionDone && v.turn.immortalMoves === 0;
    };
    await playOut(t, mulberry(7), { stop: turnStart });
    const before: GameState = await fresh();
    await Promise.all([rec.waitSeq(before.seq), agent.waitSeq(agent.view.seq), t.spectator.waitSeq(agent.view.seq)]);
    const seen = { agent: agent.frames.length, spectator: t.spectator.frames.length, seq: agent.view.seq };
    const act = async (action: Record<string, unknown>) => {
      const at = rec.view.seq;
      const r = await rec.request(
        { t: 'act', gameId: t.gameId, seq: at, action, id: `u${at}` },
        (m) => m.id === `u${at}`,
      );
      expect(r.t, JSON.stringify(r).slice(0, 200)).toBe('events');
    };
    const steps = rec.legal.filter((a: Action) => a.type === 'step');
    const first = steps[0]!;
    const kept = steps[steps.length - 1]!;
    const { seat: _a, ...firstStep } = first;
    const { seat: _b, ...keptStep } = kept;
    // regression "lobby updatedAt moves": the table's time as listed must not move either
    const listedAt = async () => {
      const mine = await api(srv.url, 'POST', '/api/my-games', { tokens: t.tokens.filter(Boolean) });
      const live = await api(srv.url, 'GET', '/api/live');
      const inLive = (live.body.games as { gameId: string; updatedAt: number }[]).find((x) => x.gameId === t.gameId);
      return [mine.body.games[0].updatedAt as number, inLive?.updatedAt ?? null];
    };
    const lastSeen = await listedAt();
    wall += 60_000; // so that a stamp taken now would differ
    await act(firstStep);
    await act({ type: 'undo' });
    await act(keptStep);
    expect(agent.frames.length).toBe(seen.agent); // nothing yet: the turn is not settled
    expect(t.spectator.frames.length).toBe(seen.spectator);
    expect(await listedAt()).toEqual(lastSeen);
    await act({ type: 'endTurn' });
    await Promise.all([agent.waitSeq(seen.seq + 2), t.spectator.waitSeq(seen.seq + 2)]);
    // One frame each, at seq + 2 (the step kept and the end of the turn), as without the undo.
    expect(agent.frames.length).toBe(seen.agent + 1);
    expect(t.spectator.frames.length).toBe(seen.spectator + 1);
    let without = before;
    for (const a of [kept, { type: 'endTurn', seat: 0 }] as Action[]) {
      const r = apply(without, a);
      if (!r.ok) throw new Error(r.message);
      without = r.state;
    }
    expect(agent.view).toEqual(view(without, 1));
    expect(t.spectator.view).toEqual(view(without, 'spectator'));
    expect(rec.view.seq).toBe(seen.seq + 4); // the recruiter's own count holds all four
    closeTable(t);
    await srv.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it(`${GAMES} random games: agents and spectators never see a hidden fact`, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-secret-'));
    const sink: LogSink = { lines: [] };
    const srv = await testServer(SqliteStore.inDir(dir), {}, sink);
    const rng = mulberry(2024);
    let checkedFrames = 0;
    let checkedHttp = 0;
    let finished = 0;
    const cards = ['random', 'choose', 'carl', 'girl'] as const;
    async function one(i: number): Promise<void> {
      const players = 2 + (i % 4);
      const spec: TableSpec = {
        mode: i % 3 === 0 ? 'full' : 'training',
        players,
        recruiterCard: cards[i % 4],
        // A fixed card only with the host as recruiter.
        recruiterChoice: i % 2 && i % 4 !== 3 ? 'random' : 'host',
        bots: i % 5 === 4 ? { [String(players)]: 'random' } : {},
      };
      const t = await openTable(srv.url, spec);
      const s: Secrets = { card: null, paths: new Set(), cards: null, decks: new Set() };
      const grng = mulberry(1000 + i);
      let step = 0;
      const agentTokens = t.tokens.filter((tok, idx) => tok && t.clients[idx] && t.clients[idx]!.seat !== 0);
      await playOut(t, grng, {
        undo: true, // D12: undos, the recruiter's secret ones included, are played at random too
        onStep: async () => {
          const st = (await srv.service.master.getLive(t.gameId))!.state!;
          if (st.result) return;
          note(s, st);
          step++;
          // Agents try recruiter-only actions: the error texts are checked below.
          const agents = t.clients.filter((c) => c.seat !== 0);
          if (agents.length && grng() < 0.15) {
            const c = agents[Math.floor(grng() * agents.length)]!;
            const a = NEVER_AGENT[Math.floor(grng() * NEVER_AGENT.length)]!();
            const r = await c.request(
              { t: 'act', gameId: t.gameId, seq: st.seq, action: a, id: 'x' },
              (m) => m.id === 'x',
            );
            expect(r.t).toBe('error');
          }
          if (step % 15 === 0) {
            const texts = [
              (await api(srv.url, 'GET', `/api/games/${t.gameId}`)).text,
              (await api(srv.url, 'GET', `/api/games/${t.gameId}/record`)).text,
              (await api(srv.url, 'POST', '/api/my-games', { tokens: agentTokens })).text,
              (await api(srv.url, 'GET', '/api/games')).text,
            ];
            const recBody = JSON.parse(texts[1]!);
            if (recBody.error) expect(recBody.error.code).toBe('not_over');
            else {
              // A bot seat ended the game while we were asking: the record is then the full reveal.
              expect((await srv.service.master.getLive(t.gameId))!.state!.result).not.toBeNull();
              texts.splice(1, 1);
            }
            for (const x of texts) {
              const l = leaks(x, s);
              if (l) throw new Error(`HTTP leak (${l}): ${x.slice(0, 200)}`);
              checkedHttp++;
            }
          }
        },
      });
      const final = (await srv.service.master.getLive(t.gameId))!.state!;
      note(s, { ...final, deck: final.deck });
      s.card = final.recruiterCard;
      for (const c of [...t.clients.filter((c) => c.seat !== 0), t.spectator]) {
        for (const f of c.frames) {
          const m = JSON.parse(f);
          if ((m.t === 'events' || m.t === 'state') && m.view.result) break; // after the game: full reveal
          if (m.t === 'lobby' && m.lobby.result) break;
          const l = leaks(f, s);
          if (l) throw new Error(`leak to ${String(c.seat)} (${l}): ${f.slice(0, 300)}`);
          checkedFrames++;
        }
      }
      // Positive control: the detector does flag the recruiter's own frames.
      const rc = t.bySeat.get(0);
      if (rc) expect(rc.frames.some((f) => leaks(f, s) !== null)).toBe(true);
      // After the game the reveal is there.
      expect(t.spectator.view.recruiter).not.toBeNull();
      closeTable(t);
      finished++;
    }
    let next = 0;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < GAMES) await one(next++);
      }),
    );
    expect(finished).toBe(GAMES);
    expect(checkedFrames).toBeGreaterThan(GAMES * 50);
    expect(checkedHttp).toBeGreaterThan(GAMES);
    // Logs: only whitelisted fields (no locations, no views, no state).
    expect(sink.lines.length).toBeGreaterThan(GAMES * 20);
    for (const line of sink.lines) {
      const o = JSON.parse(line) as Record<string, unknown>;
      for (const k of Object.keys(o)) if (!LOG_KEYS.has(k)) throw new Error(`log field ${k}: ${line.slice(0, 200)}`);
    }
    await srv.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 480_000); // D12 added undos and the recruiter's unsettled turns to these games
});
