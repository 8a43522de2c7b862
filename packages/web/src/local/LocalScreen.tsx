// The table of an offline solo game: the same Table as an online game, fed by a
// LocalGame held in the page instead of the WebSocket. Nothing on this screen asks the server
// anything (the reachability probes are held too), except the player's own "upload" click.
import { useCallback, useEffect, useState } from 'react';
import type { ClientAction, Loc, NoteBody, Notes } from '@mindmgmt/engine';
import { api } from '../api.js';
import { useI18n } from '../i18n.js';
import type { Refusal } from '../i18n/refusals.js';
import { holdProbes } from '../reach.js';
import { Table } from '../Table.js';
import { usePacer } from '../table/pacing.js';
import { LocalGame } from './host.js';

function refusalOf(e: { code: string; message: string; params?: Refusal['params'] } | null): Refusal | null {
  return e ? { code: e.code, message: e.message, ...(e.params ? { params: e.params } : {}) } : null;
}

/** Saves the record as a file (no server: the record is built in the page). */
function download(game: LocalGame): void {
  const blob = new Blob([JSON.stringify(game.record(), null, 1)], { type: 'application/json' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `mindmgmt-${game.id}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

function EndActions({ game }: { game: LocalGame }) {
  const { t } = useI18n();
  const [state, setState] = useState<'idle' | 'busy' | 'done' | string>(game.uploadedAs ? 'done' : 'idle');
  return (
    <>
      <button onClick={() => download(game)}>{t('exportRecord')}</button>
      {state === 'done' ? (
        <span className="muted" role="status">
          {t('so_uploaded')}
        </span>
      ) : (
        <button
          disabled={state === 'busy'}
          onClick={() => {
            setState('busy');
            api.uploadOffline(game.record(), game.setup.role, game.setup.level).then(
              (r) => {
                game.markUploaded(r.gameId);
                setState('done');
              },
              (e: unknown) => setState(e instanceof Error ? e.message : String(e)),
            );
          }}
        >
          {t('so_upload')}
        </button>
      )}
      {state !== 'idle' && state !== 'busy' && state !== 'done' ? (
        <span className="error" role="alert">
          {t('so_uploadFailed', { reason: state })}
        </span>
      ) : null}
    </>
  );
}

export default function LocalScreen({ id }: { id: string }) {
  const { t } = useI18n();
  const [game, setGame] = useState<LocalGame | null | 'missing'>(null);
  const pacer = usePacer();
  const [error, setError] = useState<Refusal | null>(null);
  const [notes, setNotes] = useState<Notes>([]);
  useEffect(() => holdProbes(), []);
  useEffect(() => {
    let g: LocalGame | null = null;
    let gone = false;
    LocalGame.load(id).then(
      (x) => {
        if (gone) return x?.close();
        g = x;
        setGame(x ?? 'missing');
      },
      () => !gone && setGame('missing'),
    );
    return () => {
      gone = true;
      g?.close();
    };
  }, [id]);
  const { push } = pacer;
  useEffect(() => {
    if (!game || game === 'missing') return;
    return game.subscribe(game.human, (f) => {
      push(f);
      setNotes(game.gameNotes);
    });
  }, [game, push]);
  const act = useCallback(
    (a: ClientAction) => {
      if (game && game !== 'missing') setError(refusalOf(game.act(game.human, a)));
    },
    [game],
  );
  const writeNote = useCallback(
    (at: Loc, note: NoteBody | null) => {
      if (!game || game === 'missing') return;
      setError(refusalOf(game.writeNote(game.human, at, note)));
      setNotes(game.gameNotes);
    },
    [game],
  );
  const clearError = useCallback(() => setError(null), []);
  if (game === 'missing') return <p className="panel error">{t('so_missing')}</p>;
  const shown = pacer.shown;
  if (!game || !shown) return <p className="panel">{t('connecting')}</p>;
  return (
    <div data-testid="offline-game" data-game={game.id}>
      <div className="banner" role="note">
        {t('so_badge')}
      </div>
      <Table
        gameId={game.id}
        view={shown.view}
        legal={shown.legal}
        seat={game.human}
        act={act}
        error={error}
        clearError={clearError}
        assistant={game.setup.assistant}
        pace={pacer.pace}
        setPace={pacer.setPace}
        notes={notes}
        writeNote={writeNote}
        local={{ record: () => game.record(), endActions: <EndActions game={game} /> }}
      />
    </div>
  );
}
