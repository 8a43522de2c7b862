// Lobby screens: home (solo, create, my games, open games) and the waiting room of one game.
import { CampaignPanel } from './players/Campaign.js';
import { syncProfileSeats } from './players/seats.js';
import { useEffect, useRef, useState } from 'react';
import type { BotLevel, LiveSummary, LobbyInfo, LobbySummary } from '@mindmgmt/table';
import { api, ApiError, type CreateOptions, lobbyId, lobbyTitle } from './net/http.js';
import { forgetGame, playerName, saveGame, savedGames, setPlayerName } from './net/saved.js';
import { BOT_LEVEL_KEYS, useI18n } from './i18n.js';
import { BotIcon } from './icons.js';
import { ASSISTANT_MODES, assistantMode, defaultAssistant, type AssistantMode } from './table/assistant.js';
import { readTitle, storedTitle } from './table-title.js';
import { OnlineDot } from './table/PlayerPanel.js';
import { TIME_CHOICES, timeValue } from './table/time-control.js';
import { FinishRate, useFinishRates } from './table/finish-rates.js';
import { RuleLink } from './rulebook/RuleLink.js';
import { TutorialEntry } from './tutorial/TutorialEntry.js';
import { CompanionEntry } from './companion/CompanionEntry.js';
import { OfflineGames, PlayOfflineButton } from './local/OfflineEntry.js';
import { LOBBYERRORS_EN } from './i18n/en/lobbyerrors.js';
import { NAME_MAX, TITLE_MAX } from '@mindmgmt/table';

export function go(hash: string): void {
  location.hash = hash;
}

/** A refusal in the player's language when the lobby knows its code (i18n/en/lobbyerrors.ts),
 * else the server's code and English message. */
function errText(e: unknown, t: (k: keyof typeof LOBBYERRORS_EN) => string): string {
  if (!(e instanceof ApiError)) return e instanceof Error ? e.message : String(e);
  const key = `le_${e.code}`;
  return key in LOBBYERRORS_EN ? t(key as keyof typeof LOBBYERRORS_EN) : `${e.code}: ${e.message}`;
}

async function createAndOpen(o: CreateOptions, me: string, autoStart: boolean): Promise<void> {
  const r = await api.create(o);
  saveGame(r.gameId, { token: r.token, place: r.place, name: me, at: Date.now() });
  if (autoStart) {
    try {
      await api.start(r.gameId, r.token);
    } catch (e) {
      // The server may have started it already (or the answer was lost): go to the game. A start
      // it refused leaves nothing behind: no table waiting under the player's name (the server
      // closes it for the bot caps itself), no saved seat; the form says why.
      if (e instanceof ApiError && e.code !== 'started') {
        await api.leave(r.gameId, r.token).catch(() => undefined);
        forgetGame(r.gameId);
        throw e;
      }
    }
  }
  go(`#/g/${r.gameId}`);
}

/** Rated or casual (issue 27 §3): the server's `rated` option, offered on both forms. */
function RatedChoice({ name, rated, onChange }: { name: string; rated: boolean; onChange: (r: boolean) => void }) {
  const { t } = useI18n();
  return (
    <label title={t('rt_note')}>
      {t('rt_label')}
      <select name={name} value={rated ? 'rated' : 'casual'} onChange={(e) => onChange(e.target.value === 'rated')}>
        <option value="rated">{t('rt_rated')}</option>
        <option value="casual">{t('rt_casual')}</option>
      </select>
    </label>
  );
}

export function Home() {
  const { t } = useI18n();
  const [name, setName] = useState(playerName());
  const [err, setErr] = useState<string | null>(null);
  /** The form that asked: its refusal is shown on it. */
  const [errAt, setErrAt] = useState<'top' | 'solo' | 'create'>('top');
  const [busy, setBusy] = useState(false);
  // solo
  const [soloRole, setSoloRole] = useState<'recruiter' | 'agents'>('agents');
  const [soloLevel, setSoloLevel] = useState<BotLevel>('easy');
  const [soloMode, setSoloMode] = useState<'training' | 'full'>('training');
  // alone against bots the assistant defaults to on (issue 12), offered like at a shared table
  const [soloAssistant, setSoloAssistant] = useState<AssistantMode>(defaultAssistant(1));
  // issue 27 §3: every table may be casual; rated stays the default, as on the server
  const [soloRated, setSoloRated] = useState(true);
  const [rated, setRated] = useState(true);
  // create
  const [o, setO] = useState<CreateOptions>({
    name: t('defaultGameName'),
    mode: 'training',
    volunteer: false,
    recruiterCard: 'random',
    recruiterChoice: 'host',
    players: 2,
    bots: {},
    turnTimerSec: null,
    assistant: 'off',
  });
  // An untouched table name is the default of the language shown: it follows a language change
  // (it stayed in the language the page was loaded in).
  const defaultName = t('defaultGameName');
  const shownDefault = useRef(defaultName);
  useEffect(() => {
    const before = shownDefault.current;
    shownDefault.current = defaultName;
    setO((x) => (x.name === before ? { ...x, name: defaultName } : x));
  }, [defaultName]);
  // null: the default for the number of people at the table (off between people, on alone)
  const [assistant, setAssistant] = useState<AssistantMode | null>(null);
  const humans = Array.from({ length: o.players }, (_, i) => String(i + 1)).filter((k) => !o.bots[k]).length;
  const assist = assistant ?? defaultAssistant(humans);
  // null: the default, listed when people play each other (issue 25 §5)
  const [listed, setListed] = useState<boolean | null>(null);
  const list = listed ?? humans > 1;
  const [mine, setMine] = useState<readonly LobbySummary[] | null>(null);
  const [open, setOpen] = useState<readonly LobbySummary[] | null>(null);
  useEffect(() => {
    // The profile's tables from its other devices first (issue 27 §2), then this device's list.
    const tokens = () => Object.values(savedGames()).map((s) => s.token);
    void syncProfileSeats()
      .then(() => api.mine(tokens()))
      .then(
        (r) => setMine(r.games),
        () => setMine([]),
      );
    api.list().then(
      (r) => setOpen(r.games),
      () => setOpen([]),
    );
  }, []);
  const me = name.trim() || t('defaultPlayerName');
  const run = (f: () => Promise<void>, at: 'top' | 'solo' | 'create' = 'top') => {
    setErr(null);
    setErrAt(at);
    setBusy(true);
    setPlayerName(name.trim());
    f()
      .catch((e: unknown) => setErr(errText(e, t)))
      .finally(() => setBusy(false));
  };
  const errOn = (at: 'top' | 'solo' | 'create') =>
    err && errAt === at ? (
      <p className="error" role="alert">
        {err}
      </p>
    ) : null;
  const places = Array.from({ length: o.players }, (_, i) => i + 1);
  const saved = savedGames();
  return (
    <div className="home">
      <label className="namefield">
        {t('yourName')}{' '}
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder={t('defaultPlayerName')}
          maxLength={NAME_MAX}
        />
      </label>
      {errOn('top')}
      <TutorialEntry />
      <CompanionEntry />
      <section className="panel solo">
        <h2>{t('playSolo')}</h2>
        <p className="muted">{t('soloText')}</p>
        <div className="form-grid">
          <label>
            {t('soloRole')}
            <select value={soloRole} onChange={(e) => setSoloRole(e.target.value as 'agents')} name="soloRole">
              <option value="agents">{t('agents')}</option>
              <option value="recruiter">{t('recruiter')}</option>
            </select>
          </label>
          <label>
            {t('level')}
            <select value={soloLevel} onChange={(e) => setSoloLevel(e.target.value as BotLevel)} name="soloLevel">
              <option value="easy">{t('lvEasy')}</option>
              <option value="hard">{t('lvHard')}</option>
              <option value="expert">{t('lvExpert')}</option>
              <option value="random">{t('lvRandom')}</option>
            </select>
          </label>
          <label>
            {t('mode')}
            <select value={soloMode} onChange={(e) => setSoloMode(e.target.value as 'full')} name="soloMode">
              <option value="training">{t('training')}</option>
              <option value="full">{t('full')}</option>
            </select>
          </label>
          <label>
            {t('deduction')}
            <select
              name="soloAssistant"
              value={soloAssistant}
              onChange={(e) => setSoloAssistant(e.target.value as AssistantMode)}
            >
              {ASSISTANT_MODES.map((m) => (
                <option key={m} value={m}>
                  {t(`as_${m}`)}
                </option>
              ))}
            </select>
          </label>
          <RatedChoice name="soloRated" rated={soloRated} onChange={setSoloRated} />
        </div>
        <button
          className="primary big"
          disabled={busy}
          onClick={() =>
            run(
              () =>
                createAndOpen(
                  {
                    name: me,
                    // stored in English from its parts: each reader reads it in their language
                    title: storedTitle({
                      kind: 'solo',
                      name: me,
                      side: soloRole === 'agents' ? 'recruiter' : 'agents',
                      level: BOT_LEVEL_KEYS[soloLevel],
                    }),
                    mode: soloMode,
                    recruiterCard: 'random',
                    recruiterChoice: 'host',
                    players: 1,
                    bots: {},
                    solo: { role: soloRole, level: soloLevel },
                    turnTimerSec: null,
                    assistant: soloAssistant,
                    rated: soloRated,
                  },
                  me,
                  true,
                ),
              'solo',
            )
          }
        >
          {t('playSolo')}
        </button>
        {errOn('solo')}
        <PlayOfflineButton setup={{ role: soloRole, level: soloLevel, mode: soloMode, assistant: soloAssistant }} />
      </section>
      <OfflineGames />

      <section className="panel create">
        <h2>{t('createGame')}</h2>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const bots: Record<string, BotLevel> = {};
            for (const [k, v] of Object.entries(o.bots)) if (Number(k) <= o.players) bots[k] = v;
            run(
              () =>
                createAndOpen(
                  {
                    ...o,
                    name: me,
                    title: o.name === defaultName ? storedTitle({ kind: 'default' }) : o.name,
                    bots,
                    assistant: assist,
                    listed: list,
                    rated,
                  },
                  me,
                  false,
                ),
              'create',
            );
          }}
        >
          <div className="form-grid">
            <label>
              {t('gameName')}{' '}
              <input
                name="gameName"
                value={o.name}
                onChange={(e) => setO({ ...o, name: e.target.value })}
                maxLength={TITLE_MAX}
              />
            </label>
            <label>
              {t('mode')}
              <select name="mode" value={o.mode} onChange={(e) => setO({ ...o, mode: e.target.value as 'full' })}>
                <option value="training">{t('training')}</option>
                <option value="full">{t('full')}</option>
              </select>
            </label>
            <label>
              {t('recruiterCard')}
              <select
                name="recruiterCard"
                value={o.recruiterCard}
                onChange={(e) => setO({ ...o, recruiterCard: e.target.value as 'random' })}
              >
                <option value="random">{t('rcRandom')}</option>
                <option value="choose">{t('rcChoose')}</option>
                <option value="carl">{t('card_carl')}</option>
                <option value="girl">{t('card_girl')}</option>
              </select>
            </label>
            <label>
              {t('recruiterChoice')}
              <select
                name="recruiterChoice"
                value={o.recruiterChoice}
                onChange={(e) => setO({ ...o, recruiterChoice: e.target.value as 'host' })}
              >
                <option value="host">{t('chHost')}</option>
                <option value="random">{t('chRandom')}</option>
                <option value="volunteer">{t('chVolunteer')}</option>
                <option value="random-experienced">{t('chExperienced')}</option>
              </select>
            </label>
            <label>
              {t('players')}
              <select
                name="players"
                value={o.players}
                onChange={(e) => setO({ ...o, players: Number(e.target.value) })}
              >
                {[1, 2, 3, 4, 5].map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('tc_label')}
              <select
                name="timer"
                value={timeValue(o)}
                onChange={(e) => setO({ ...o, ...TIME_CHOICES[e.target.value]!.options })}
              >
                {Object.entries(TIME_CHOICES).map(([k, c]) => (
                  <option key={k} value={k}>
                    {c.label(t)}
                  </option>
                ))}
              </select>
            </label>
            {timeValue(o) !== 'off' && o.players > 1 ? (
              <label>
                {t('si_level')}
                <select
                  name="standIn"
                  value={o.standInLevel ?? 'hard'}
                  onChange={(e) => setO({ ...o, standInLevel: e.target.value as 'random' | 'easy' | 'hard' })}
                >
                  <option value="hard">{t('lvHard')}</option>
                  <option value="easy">{t('lvEasy')}</option>
                  <option value="random">{t('lvRandom')}</option>
                </select>
              </label>
            ) : null}
            {o.players > 1 ? (
              <label>
                {t('fr_min')}
                <select
                  name="minFinishRate"
                  value={o.minFinishRate ?? 0}
                  onChange={(e) => {
                    const v = Number(e.target.value);
                    const { minFinishRate: _old, ...rest } = o;
                    setO(v ? { ...rest, minFinishRate: v } : rest);
                  }}
                >
                  {[0, 50, 70, 80, 90].map((v) => (
                    <option key={v} value={v}>
                      {v ? `≥ ${v}%` : t('fr_any')}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            {o.recruiterChoice === 'volunteer' ? (
              <label className="check">
                <input
                  type="checkbox"
                  checked={!!o.volunteer}
                  onChange={(e) => setO({ ...o, volunteer: e.target.checked })}
                />{' '}
                {t('volunteer')}
              </label>
            ) : null}
            <label>
              {t('deduction')}
              <select name="assistant" value={assist} onChange={(e) => setAssistant(e.target.value as AssistantMode)}>
                {ASSISTANT_MODES.map((m) => (
                  <option key={m} value={m}>
                    {t(`as_${m}`)}
                  </option>
                ))}
              </select>
            </label>
            <RatedChoice name="rated" rated={rated} onChange={setRated} />
          </div>
          <label className="check">
            <input type="checkbox" name="listed" checked={list} onChange={(e) => setListed(e.target.checked)} />{' '}
            {t('listTable')}
          </label>
          <fieldset className="places">
            <legend>{t('players')}</legend>
            {places.map((pl) => (
              <label key={pl}>
                {t('placeN', { n: pl })}
                {pl === 1 ? (
                  <span className="muted">
                    {' '}
                    — {me} ({t('host')})
                  </span>
                ) : (
                  <select
                    name={`place${pl}`}
                    value={o.bots[pl] ?? 'human'}
                    onChange={(e) => {
                      const bots = { ...o.bots };
                      if (e.target.value === 'human') delete bots[pl];
                      else bots[pl] = e.target.value as BotLevel;
                      setO({ ...o, bots });
                    }}
                  >
                    <option value="human">{t('human')}</option>
                    <option value="easy">{t('botLevel', { level: t('lvEasy') })}</option>
                    <option value="hard">{t('botLevel', { level: t('lvHard') })}</option>
                    <option value="expert">{t('botLevel', { level: t('lvExpert') })}</option>
                    <option value="random">{t('botLevel', { level: t('lvRandom') })}</option>
                  </select>
                )}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="primary" disabled={busy}>
            {t('create')}
          </button>
          {errOn('create')}
        </form>
      </section>

      <LiveTables />
      <section className="panel mine">
        <h2>{t('myGames')}</h2>
        <GameList games={mine} saved={saved} />
      </section>
      <section className="panel open-games">
        <h2>{t('openGames')}</h2>
        <GameList games={open} saved={saved} />
      </section>
    </div>
  );
}

/** The running tables listed for watching (issue 25 §5): one click on "Watch" opens the table as
 * a spectator; "More tables" loads the next page. */
function LiveTables() {
  const i18n = useI18n();
  const { t } = i18n;
  const [games, setGames] = useState<readonly LiveSummary[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const load = (page: number) =>
    api.live(page).then(
      (r) => {
        setGames((g) => (page === 0 ? r.games : [...(g ?? []), ...r.games]));
        setNext(r.more ? page + 1 : null);
      },
      () => setGames((g) => g ?? []),
    );
  useEffect(() => {
    void load(0);
  }, []);
  return (
    <section className="panel live-tables" aria-labelledby="live-tables-h">
      <h2 id="live-tables-h">{t('liveTables')}</h2>
      {!games ? (
        <p>…</p>
      ) : !games.length ? (
        <p className="muted">{t('liveNone')}</p>
      ) : (
        <ul className="gamelist">
          {games.map((g) => {
            const id = lobbyId(g);
            return (
              <li key={id}>
                <span>
                  <b>{readTitle(i18n, lobbyTitle(g))}</b>{' '}
                  <small className="muted">
                    ({t(g.mode === 'full' ? 'full' : 'training')}
                    {g.names?.length ? ` · ${g.names.join(', ')}` : ''})
                  </small>
                </span>
                <a className="button" href={`#/g/${id}?watch`}>
                  {t('spectate')}
                </a>
              </li>
            );
          })}
        </ul>
      )}
      {next !== null ? <button onClick={() => void load(next)}>{t('liveMore')}</button> : null}
    </section>
  );
}

function statusText(t: ReturnType<typeof useI18n>['t'], s: unknown): string {
  const v = String(s ?? '');
  if (/over|finish|ended|closed/.test(v)) return t('statusOver');
  if (/start|play|active|running/.test(v)) return t('statusStarted');
  return t('statusOpen');
}

function GameList({ games, saved }: { games: readonly LobbySummary[] | null; saved: ReturnType<typeof savedGames> }) {
  const i18n = useI18n();
  const { t } = i18n;
  if (!games) return <p>…</p>;
  if (!games.length) return <p className="muted">{t('noGames')}</p>;
  return (
    <ul className="gamelist">
      {games.map((g) => {
        const id = lobbyId(g);
        return (
          <li key={id}>
            <span>
              <b>{readTitle(i18n, lobbyTitle(g))}</b>
              {g.myTurn ? ' ●' : ''} <small className="muted">({statusText(t, g.status)})</small>
              {g.hostFinishRate !== undefined ? (
                <span
                  className="host-rate"
                  data-host-rate={g.hostFinishRate ? `${g.hostFinishRate.finished}/${g.hostFinishRate.started}` : ''}
                >
                  {' '}
                  {g.hostName ?? ''} <FinishRate rate={g.hostFinishRate ?? undefined} />
                </span>
              ) : null}
              {g.minFinishRate ? (
                <small className="muted table-min-rate"> {t('fr_tableMin', { pct: g.minFinishRate })}</small>
              ) : null}
            </span>
            <a className="button" href={`#/g/${id}`}>
              {saved[id] ? t('open') : t('join')}
            </a>
            {!saved[id] ? (
              <a className="button" href={`#/g/${id}?watch`}>
                {t('spectate')}
              </a>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

export function isStarted(l: LobbyInfo | null): boolean {
  if (!l) return false;
  return /start|play|active|running|over|finish|ended|closed/.test(String(l.status ?? ''));
}

export function LobbyRoom({ id, lobby, onToken }: { id: string; lobby: LobbyInfo; onToken: () => void }) {
  const i18n = useI18n();
  const { t, player } = i18n;
  const saved = savedGames()[id];
  const [name, setName] = useState(playerName());
  const [volunteer, setVolunteer] = useState(false);
  const [err, setErr] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const opts = lobby.options;
  const n = opts.players;
  const hostPlace = lobby.hostPlace ?? 1;
  const places = Array.from({ length: n }, (_, i) => lobby.places.find((p) => p.place === i + 1) ?? { place: i + 1 });
  const rates = useFinishRates(id, lobby.places.map((p) => `${p.place}:${p.name ?? ''}`).join());
  const invite = `${location.origin}${location.pathname}#/g/${id}`;
  const me = name.trim() || t('defaultPlayerName');
  const run = (f: () => Promise<void>) => {
    setErr(null);
    f().catch((e: unknown) => setErr(errText(e, t)));
  };
  const join = (place?: number) =>
    run(async () => {
      setPlayerName(name.trim());
      const r = await api.join(id, me, place, opts.recruiterChoice === 'volunteer' ? volunteer : undefined);
      saveGame(id, { token: r.token, place: r.place, name: me, at: Date.now() });
      onToken();
    });
  const occupied = (p: (typeof places)[number]) =>
    !!('bot' in p && p.bot) || !!('name' in p && p.name) || !!('taken' in p && p.taken);
  return (
    <section className="panel lobby" aria-label={t('lobbyTitle', { name: readTitle(i18n, lobbyTitle(lobby)) })}>
      <h2>{t('lobbyTitle', { name: readTitle(i18n, lobbyTitle(lobby)) })}</h2>
      <p className="muted">
        {t(opts.mode === 'full' ? 'full' : 'training')}
        <RuleLink chapter={opts.mode === 'full' ? 'setup' : 'training'} /> · {t('recruiterCard')}
        {t('colon')}
        {opts.recruiterCard
          ? t(opts.recruiterCard === 'random' ? 'rcRandom' : opts.recruiterCard === 'choose' ? 'rcChoose' : 'rcFixed')
          : '—'}{' '}
        · {t('recruiterChoice')}
        {t('colon')}
        {t(
          opts.recruiterChoice === 'volunteer'
            ? 'chVolunteer'
            : opts.recruiterChoice === 'random-experienced'
              ? 'chExperienced'
              : opts.recruiterChoice === 'random'
                ? 'chRandom'
                : 'chHost',
        )}{' '}
        · {t('tc_label')}
        {t('colon')}
        {TIME_CHOICES[timeValue(opts)]?.label(t) ?? t('off')} · {t('deduction')}
        {t('colon')}
        {t(`as_${assistantMode(lobby)}`)}
        {opts.rated === false ? ` · ${t('rt_casualTable')}` : ''}
      </p>
      <div className="invite">
        {t('inviteHint')} <input readOnly value={invite} aria-label="invite" onFocus={(e) => e.target.select()} />
        <button
          onClick={() => {
            void navigator.clipboard?.writeText(invite).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? t('copied') : t('copy')}
        </button>
      </div>
      {err ? (
        <p className="error" role="alert">
          {err}
        </p>
      ) : null}
      {!saved ? (
        <label className="namefield">
          {t('yourName')} <input value={name} onChange={(e) => setName(e.target.value)} maxLength={NAME_MAX} />
        </label>
      ) : null}
      {!saved && opts.recruiterChoice === 'volunteer' ? (
        <label className="check">
          <input type="checkbox" checked={volunteer} onChange={(e) => setVolunteer(e.target.checked)} />{' '}
          {t('volunteer')}
        </label>
      ) : null}
      <ol className="places-list">
        {places.map((p) => (
          <li key={p.place} className={saved?.place === p.place ? 'me' : ''}>
            <span className="pl">{t('placeN', { n: p.place })}</span>{' '}
            {'bot' in p && p.bot ? (
              <span>
                <BotIcon />{' '}
                {t('botLevel', {
                  level: t(BOT_LEVEL_KEYS[p.bot]),
                })}
              </span>
            ) : 'name' in p && p.name ? (
              <span>
                <OnlineDot online={(p as { online?: boolean }).online} /> {player(p.name)}{' '}
                <FinishRate rate={rates.get(p.place)} />
                {p.place === hostPlace ? ` (${t('host')})` : ''}
                {saved?.place === p.place ? ` — ${t('you')}` : ''}
                {'volunteer' in p && p.volunteer ? ` · ${t('volunteers')}` : ''}
              </span>
            ) : (
              <span className="muted">{t('emptyPlace')}</span>
            )}
            {!saved && !occupied(p) ? (
              <button onClick={() => join(p.place)} data-place={p.place}>
                {t('takePlace')}
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      <div className="btnrow">
        {saved && saved.place === hostPlace ? (
          <button className="primary big" onClick={() => run(() => api.start(id, saved.token).then(() => undefined))}>
            {t('start')}
          </button>
        ) : saved ? (
          <span className="muted">{t('waitingHost')}</span>
        ) : (
          <span className="muted">{t('spectating')}</span>
        )}
        {saved ? (
          <button
            onClick={() =>
              run(async () => {
                await api.leave(id, saved.token);
                forgetGame(id);
                onToken();
              })
            }
          >
            {t('leave')}
          </button>
        ) : null}
      </div>
      <CampaignPanel gameId={id} over={false} />
    </section>
  );
}
