// The lobby's home: the player's name, the tutorial and companion entries, the solo and create
// forms, the offline games, the running tables to watch, this player's tables and the open ones.
import { useEffect, useState } from 'react';
import { api } from '../net/http.js';
import { playerName, savedGames, setPlayerName } from '../net/saved.js';
import type { LobbySummary } from '@mindmgmt/table';
import { useI18n } from '../i18n/lookup.js';
import { CompanionEntry } from '../companion/CompanionEntry.js';
import { OfflineGames } from '../local/OfflineEntry.js';
import { syncProfileSeats } from '../players/seats.js';
import { TutorialEntry } from '../tutorial/TutorialEntry.js';
import { CreateForm } from './CreateForm.js';
import { errText } from './error-text.js';
import { GameList } from './GameList.js';
import { LiveTables } from './LiveTables.js';
import { SoloForm } from './SoloForm.js';
import { NAME_MAX } from '@mindmgmt/table';

export function Home() {
  const { t } = useI18n();
  const [name, setName] = useState(playerName());
  const [err, setErr] = useState<string | null>(null);
  /** The form that asked: its refusal is shown on it. */
  const [errAt, setErrAt] = useState<'top' | 'solo' | 'create'>('top');
  const [busy, setBusy] = useState(false);
  const [mine, setMine] = useState<readonly LobbySummary[] | null>(null);
  const [open, setOpen] = useState<readonly LobbySummary[] | null>(null);
  useEffect(() => {
    // The profile's tables from its other devices first, then this device's list.
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
      <SoloForm me={me} busy={busy} run={(f) => run(f, 'solo')} error={errOn('solo')} />
      <OfflineGames />

      <CreateForm me={me} busy={busy} run={(f) => run(f, 'create')} error={errOn('create')} />

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
