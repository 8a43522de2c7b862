// Entry: language, hash routes (#/ home, #/g/<id> a game), header.
import { lazy, StrictMode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { LobbyInfo } from '@mindmgmt/table';
import { api } from './net/http.js';
import { savedGames } from './net/saved.js';
import { useGameSocket } from './net/socket.js';
import { RulebookHost } from './rulebook/Help.js';
import {
  detectLang,
  I18nContext,
  LANGS,
  loadI18n,
  useI18n as useI18nLocal,
  type I18n,
  type Lang,
} from './i18n/lookup.js';
import { Home } from './lobby/Home.js';
import { isStarted, LobbyRoom } from './lobby/LobbyRoom.js';
import { Leaderboard, MyProfile, PublicProfile } from './players/Profile.js';
import { assistantMode } from './table/assistant.js';
import { usePacer } from './table/pacing.js';
import { openRulebook } from './rulebook/chapters.js';
import { useReach } from './net/reach.js';
import { registerShellWorker } from './sw/register.js';
import './styles.css';
import { AdminLink, AnnouncementBanner } from './admin/shared.js';

// The table (engine, board, controls) is its own chunk: the lobby page does not download it.
const Table = lazy(() => import('./table/Table.js').then((m) => ({ default: m.Table })));
// An offline game: the engine and its bot worker, in their own chunks.
const LocalScreen = lazy(() => import('./local/LocalScreen.js'));
// Its own chunk, downloaded only when a tutorial is opened.
const Tutorial = lazy(() => import('./tutorial/Tutorial.js'));
const Companion = lazy(() => import('./companion/Companion.js'));
const Admin = lazy(() => import('./admin/Admin.js'));

function useHash(): string {
  const [h, setH] = useState(location.hash);
  useEffect(() => {
    const f = () => setH(location.hash);
    addEventListener('hashchange', f);
    return () => removeEventListener('hashchange', f);
  }, []);
  return h;
}

function GameScreen({ id, watch }: { id: string; watch: boolean }) {
  const [rev, setRev] = useState(0);
  const saved = useMemo(() => savedGames()[id], [id, rev]);
  const token = watch ? null : (saved?.token ?? null);
  const pacer = usePacer();
  const live = useGameSocket(id, token, pacer.push);
  const [info, setInfo] = useState<LobbyInfo | null>(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    api.lobby(id).then(setInfo, () => setMissing(true));
  }, [id, rev, live.view === null]);
  const lobby = live.lobby ?? info;
  return (
    <GameBody
      id={id}
      live={live}
      lobby={lobby}
      missing={missing && !live.view && !live.lobby}
      pacer={pacer}
      onToken={() => setRev((r) => r + 1)}
    />
  );
}

function GameBody({
  id,
  live,
  lobby,
  missing,
  pacer,
  onToken,
}: {
  id: string;
  live: ReturnType<typeof useGameSocket>;
  lobby: LobbyInfo | null;
  missing: boolean;
  pacer: ReturnType<typeof usePacer>;
  onToken: () => void;
}) {
  const { t } = useI18nLocal();
  // what is on screen: the paced frame (others' moves one by one), else the latest
  const shown = pacer.shown ?? (live.view ? { view: live.view, legal: live.legal } : null);
  if (live.view && shown)
    return (
      <>
        {live.status === 'closed' ? <div className="banner">{t('offline')}</div> : null}
        <Table
          gameId={id}
          view={shown.view}
          legal={shown.legal}
          seat={live.seat}
          act={live.act}
          error={live.error}
          clearError={live.clearError}
          assistant={assistantMode(lobby)}
          deadline={live.deadline}
          lobby={lobby}
          pace={pacer.pace}
          setPace={pacer.setPace}
          chat={live.chat}
          chatSend={live.chatSend}
          seatRequest={live.seatRequest}
          notes={live.notes}
          writeNote={live.writeNote}
        />
      </>
    );
  if (missing) return <p className="panel error">{t('notFound')}</p>;
  if (lobby && !isStarted(lobby)) return <LobbyRoom id={id} lobby={lobby} onToken={onToken} />;
  if (live.unreachable)
    return (
      <p className="panel error" role="alert" data-testid="cannot-connect">
        {t('cannotConnect')}
      </p>
    );
  return <p className="panel">{t('connecting')}</p>;
}

function App({ first }: { first: I18n }) {
  const [i18n, setI18n] = useState(first);
  const { lang } = i18n;
  // the language last chosen: a slower catalogue arriving after a newer choice is dropped
  const wanted = useRef(lang);
  const hash = useHash();
  useEffect(() => {
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : lang;
  }, [lang]);
  const m = /^#\/g\/([^?/]+)(\?watch)?/.exec(hash);
  const tut = /^#\/tutorial\/(recruiter|agents)$/.exec(hash);
  const local = /^#\/local\/([\w-]+)$/.exec(hash);
  const { t } = i18n;
  const reach = useReach();
  // screens that never ask the server (an offline game, the tutorial, the Companion): no banner
  // about it (it pushed an offline game's board out of view), and no fresh start when it is back
  const serverless = !!tut || !!local || hash === '#/companion';
  return (
    <I18nContext.Provider value={i18n}>
      <header className="top">
        <a href="#/" className="brand" title={t('home')}>
          <svg width="26" height="26" viewBox="0 0 32 32" aria-hidden="true">
            <circle cx="16" cy="16" r="15" fill="#c92a2a" />
            <path d="M3 16 q13 -12 26 0 q-13 12 -26 0 z" fill="#fff" />
            <circle cx="16" cy="16" r="5" fill="#1d2b3a" />
          </svg>
          <span>
            <h1>{t('title')}</h1>
            <small>{t('subtitle')}</small>
          </span>
        </a>
        <nav>
          <a href="#/me">{t('pl_profile')}</a>
          <a href="#/leaders">{t('pl_leaders')}</a>
          <AdminLink />
          <button className="link" onClick={() => openRulebook()}>
            {t('rules')}
          </button>
          <label className="lang">
            <span className="sr">{t('language')}</span>
            <select
              aria-label={t('language')}
              value={lang}
              onChange={(e) => {
                const l = e.target.value as Lang;
                localStorage.setItem('mm.lang', l);
                wanted.current = l;
                void loadI18n(l).then((x) => {
                  if (wanted.current === x.lang) setI18n(x);
                });
              }}
            >
              {LANGS.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          </label>
        </nav>
      </header>
      {reach.offline && !serverless ? (
        <div className="banner" role="status" data-testid="shell-offline">
          <strong>{t('shellOffline')}</strong> {t('shellOfflineHint')}
        </div>
      ) : null}
      {/* a game in the browser alone asks the server nothing, the announcement included */}
      {serverless ? null : <AnnouncementBanner />}
      {/* a new generation when the server is back: the screen asks it again for what it shows */}
      <main key={serverless ? 'serverless' : reach.generation}>
        <Suspense
          fallback={
            <p className="panel" aria-busy="true">
              {t('connecting')}
            </p>
          }
        >
          {tut ? (
            <Tutorial key={tut[1]} side={tut[1] as 'recruiter' | 'agents'} />
          ) : local ? (
            <LocalScreen key={local[1]} id={local[1]!} />
          ) : m ? (
            <GameScreen key={m[1]} id={decodeURIComponent(m[1]!)} watch={!!m[2] && !savedGames()[m[1]!]} />
          ) : hash === '#/companion' ? (
            <Companion />
          ) : hash === '#/me' ? (
            <MyProfile />
          ) : hash === '#/admin' ? (
            <Admin />
          ) : hash === '#/leaders' ? (
            <Leaderboard />
          ) : /^#\/p\/[\w-]+$/.test(hash) ? (
            <PublicProfile key={hash} id={hash.slice(4)} />
          ) : (
            <Home />
          )}
        </Suspense>
      </main>
      <RulebookHost />
    </I18nContext.Provider>
  );
}

registerShellWorker();

// The first paint is in the reader's language: its catalogue arrives first (English if it cannot).
void loadI18n(detectLang())
  .catch(() => loadI18n('en'))
  .then((first) =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App first={first} />
      </StrictMode>,
    ),
  );
