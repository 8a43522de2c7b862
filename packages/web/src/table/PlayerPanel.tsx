// Who sits at the table: each seat's name, role, agents, online dot and whose
// turn it is. Built from the public lobby description only.
import { agentsOfSeat, type View } from '@mindmgmt/engine';
import { useEffect, useState } from 'react';
import type { LobbyInfo } from '@mindmgmt/table';
import { AgentIcon, BotIcon } from '../ui/icons.js';
import { useI18n } from '../i18n/lookup.js';
import { assistantMode } from './assistant.js';
import { clockText } from './time-control.js';
import { FinishRate, useFinishRates } from './finish-rates.js';

interface SeatRow {
  seat: number;
  name: string;
  bot: string | null;
  place: number | null;
  online?: boolean;
  standIn?: { level: string; why: 'time' | 'left'; back: boolean };
}

type SeatRequest = 'leave' | 'back' | 'accept' | 'refuse' | 'abandon';

/** D13: an agent player's resignation, proposed to the other agent players; D14: a player's
 * proposal to abandon the game, put to every other player at the table. */
function Proposal({
  proposal,
  name,
  me,
  onSeat,
}: {
  proposal: NonNullable<LobbyInfo['proposal']>;
  name: string;
  me: number | null;
  onSeat: ((what: SeatRequest) => void) | undefined;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const mine = me === proposal.seat;
  const abandon = proposal.kind === 'abandon';
  const asked = me !== null && (abandon || me !== 0) && !mine && !proposal.accepted.includes(me);
  const k = abandon ? 'ab' : 'rp';
  return (
    <p className="proposal" role="status" data-proposal={proposal.seat} data-kind={proposal.kind}>
      {mine ? t(`${k}_waiting`) : t(`${k}_proposed`, { name: i18n.player(name) })}
      {asked && onSeat ? (
        <>
          {' '}
          <button type="button" onClick={() => onSeat('accept')}>
            {t(`${k}_accept`)}
          </button>{' '}
          <button type="button" onClick={() => onSeat('refuse')}>
            {t(`${k}_refuse`)}
          </button>
        </>
      ) : null}
    </p>
  );
}

/** D13: a real-time table's clocks, ticking once a second while one runs. */
function useClockNow(lobby: LobbyInfo | null | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  const running = !!lobby?.clock?.running.length;
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [running]);
  return now;
}

function seatsOf(lobby: LobbyInfo | null | undefined): readonly SeatRow[] {
  return lobby?.seats ?? [];
}

/** A dot for a person's connection; nothing when the server does not say. */
export function OnlineDot({ online }: { online: boolean | undefined }) {
  const { t } = useI18n();
  if (online === undefined) return null;
  const label = online ? t('pl_online') : t('pl_away');
  return (
    <span className={`online-dot ${online ? 'on' : 'away'}`} title={label}>
      <span aria-hidden="true" />
      {/* said once: away is written beside the dot, online only for screen readers */}
      {online ? <span className="sr">{label}</span> : <small>{label}</small>}
    </span>
  );
}

export function PlayerPanel({
  view,
  lobby,
  me,
  onSeat,
}: {
  view: View;
  lobby: LobbyInfo | null | undefined;
  me: number | null;
  onSeat?: (what: SeatRequest) => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const now = useClockNow(lobby);
  const rates = useFinishRates(lobby?.gameId, lobby?.status ?? '');
  const clock = lobby?.clock ?? null;
  const rows = seatsOf(lobby)
    .slice()
    .sort((a, b) => a.seat - b.seat);
  if (!rows.length) return null;
  const hostPlace = lobby?.hostPlace ?? null;
  const assistant = assistantMode(lobby);
  return (
    <section className="panel players" aria-label={t('pl_title')}>
      <ul>
        {rows.map((r) => {
          const turn = view.expected.includes(r.seat) && !view.result;
          const agents = r.seat === 0 ? [] : agentsOfSeat(view.agentSeats, r.seat);
          return (
            <li key={r.seat} className={`${turn ? 'turn' : ''}${r.seat === me ? ' me' : ''}`} data-seat={r.seat}>
              {r.bot ? <BotIcon /> : <OnlineDot online={r.online} />}
              <b>{r.name ? i18n.player(r.name) : r.bot ? t('pl_bot') : '—'}</b>
              {r.place !== null && !r.bot ? <FinishRate rate={rates.get(r.place)} /> : null}
              <span className="role">{r.seat === 0 ? t('recruiter') : t('agents')}</span>
              {agents.map((a) => (
                <AgentIcon key={a} a={a} size={16} />
              ))}
              {r.place !== null && r.place === hostPlace ? <small>({t('host')})</small> : null}
              {r.seat === me ? <small>— {t('you')}</small> : null}
              {turn ? <span className="turn-tag">{t('pl_turn')}</span> : null}
              {clock && clock.banks[r.seat] !== undefined ? (
                <span className={`seat-clock${clock.running.includes(r.seat) ? ' running' : ''}`} data-clock={r.seat}>
                  {clockText(clock.banks[r.seat]! - (clock.running.includes(r.seat) ? now - clock.at : 0))}
                </span>
              ) : null}
              {r.standIn ? (
                <small className="stand-in" data-stand-in={r.seat}>
                  <BotIcon /> {t('si_tag', { name: r.name ? i18n.player(r.name) : '—' })}
                  {r.standIn.back ? ` (${t('si_back')})` : ''}
                </small>
              ) : null}
            </li>
          );
        })}
      </ul>
      {lobby?.proposal && !view.result ? (
        <Proposal
          proposal={lobby.proposal}
          name={rows.find((r) => r.seat === lobby.proposal!.seat)?.name ?? '—'}
          me={me}
          onSeat={onSeat}
        />
      ) : null}
      {onSeat && me !== null && !view.result ? (
        <SeatControl
          me={rows.find((r) => r.seat === me)}
          onSeat={onSeat}
          canAbandon={!lobby?.proposal && rows.some((r) => r.seat !== me && !r.bot && !r.standIn)}
        />
      ) : null}
      {/* the assistant is a table option: everyone sees what the agents get */}
      <p className="table-option" data-assistant={assistant}>
        {t('as_label', { mode: t(`as_${assistant}`) })}
      </p>
    </section>
  );
}

/** D13: leaving the running game (a stand-in takes the seat at once), or coming back to it. D14:
 * proposing to abandon it, when another person plays at the table. */
function SeatControl({
  me,
  onSeat,
  canAbandon,
}: {
  me: SeatRow | undefined;
  onSeat: (what: SeatRequest) => void;
  canAbandon: boolean;
}) {
  const { t } = useI18n();
  if (!me) return null;
  if (me.standIn)
    return (
      <p className="seat-control" role="status">
        {me.standIn.back ? (
          t('si_backSoon')
        ) : (
          <>
            {t('si_away')}{' '}
            <button type="button" className="take-seat" onClick={() => onSeat('back')}>
              {t('si_takeBack')}
            </button>
          </>
        )}
      </p>
    );
  return (
    <p className="seat-control">
      <button
        type="button"
        className="leave-table"
        onClick={() => {
          if (confirm(t('si_leaveConfirm'))) onSeat('leave');
        }}
      >
        {t('si_leave')}
      </button>
      {canAbandon ? (
        <>
          {' '}
          <button
            type="button"
            className="propose-abandon"
            onClick={() => {
              if (confirm(t('ab_confirm'))) onSeat('abandon');
            }}
          >
            {t('ab_propose')}
          </button>
        </>
      ) : null}
    </p>
  );
}
