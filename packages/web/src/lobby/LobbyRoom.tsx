// The waiting room of one table: its options, the invitation link, the places to take, and Start
// for the host.
import { useState } from 'react';
import { api, lobbyTitle } from '../net/http.js';
import { forgetGame, playerName, saveGame, savedGames, setPlayerName } from '../net/saved.js';
import type { LobbyInfo } from '@mindmgmt/table';
import { BOT_LEVEL_KEYS, useI18n } from '../i18n/lookup.js';
import { CampaignPanel } from '../players/Campaign.js';
import { RuleLink } from '../rulebook/RuleLink.js';
import { assistantMode } from '../table/assistant.js';
import { FinishRate, useFinishRates } from '../table/finish-rates.js';
import { OnlineDot } from '../table/PlayerPanel.js';
import { TIME_CHOICES, timeValue } from '../table/time-control.js';
import { BotIcon } from '../ui/icons.js';
import { errText } from './error-text.js';
import { readTitle } from './table-title.js';
import { NAME_MAX } from '@mindmgmt/table';

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
