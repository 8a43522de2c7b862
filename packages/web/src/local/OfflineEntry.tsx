// The lobby's way into offline solo games: a "Play offline" button beside "Play
// solo" (the same choices of side, level, mode and assistant) and the list of the offline games
// kept in this browser (resume, delete). Creating a game loads the engine's chunk on demand.
import { useEffect, useState } from 'react';
import { BOT_LEVEL_KEYS, useI18n } from '../i18n/lookup.js';
import { deleteLocalGame, listLocalGames, type LocalGameSummary, type LocalSetup } from './store.js';

export function PlayOfflineButton({ setup }: { setup: LocalSetup }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [err, setErr] = useState<string | null>(null);
  return (
    <>
      <button
        className="big"
        name="playOffline"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setErr(null);
          import('./host.js')
            .then(({ LocalGame }) => LocalGame.create(setup))
            .then(
              (g) => {
                // the screen loads it again from the store: one path for new and resumed games
                g.close();
                location.hash = `#/local/${g.id}`;
              },
              (e: unknown) => setErr(e instanceof Error ? e.message : String(e)),
            )
            .finally(() => setBusy(false));
        }}
      >
        {t('so_play')}
      </button>
      <p className="muted">{t('so_text')}</p>
      {err ? (
        <p className="error" role="alert">
          {err}
        </p>
      ) : null}
    </>
  );
}

export function OfflineGames() {
  const i18n = useI18n();
  const { t } = i18n;
  const [games, setGames] = useState<LocalGameSummary[] | null>(null);
  const [rev, setRev] = useState(0);
  useEffect(() => {
    listLocalGames().then(setGames, () => setGames([]));
  }, [rev]);
  if (!games?.length) return null;
  const lv = BOT_LEVEL_KEYS;
  return (
    <section className="panel offline-games" aria-label={t('so_games')}>
      <h2>{t('so_games')}</h2>
      <ul>
        {games.map((g) => (
          <li key={g.id} data-local={g.id}>
            <a href={`#/local/${g.id}`}>
              {t(g.setup.role)} · {t(lv[g.setup.level])} · {t(g.setup.mode)}
            </a>{' '}
            <span className="muted">
              {g.result ? t('so_over') : t('so_moves', { n: g.moves })} ·{' '}
              {new Date(g.updatedAt).toLocaleString(i18n.lang)}
            </span>{' '}
            {g.result ? null : <a href={`#/local/${g.id}`}>{t('so_resume')}</a>}{' '}
            <button className="link" onClick={() => void deleteLocalGame(g.id).then(() => setRev((r) => r + 1))}>
              {t('so_delete')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
