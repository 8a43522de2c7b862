// Who sits at the table (issue 12 item 4): each seat's name, role, agents, online dot and whose
// turn it is. Built from the public lobby description only.
import { agentsOfSeat, type View } from '@mindmgmt/engine';
import type { LobbyInfo } from '../api.js';
import { AgentIcon, BotIcon } from '../icons.js';
import { useI18n } from '../i18n.js';
import { assistantMode } from './assistant.js';

interface SeatRow {
  seat: number;
  name: string;
  bot: string | null;
  place: number | null;
  online?: boolean;
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
}: {
  view: View;
  lobby: LobbyInfo | null | undefined;
  me: number | null;
}) {
  const i18n = useI18n();
  const { t } = i18n;
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
              <span className="role">{r.seat === 0 ? t('recruiter') : t('agents')}</span>
              {agents.map((a) => (
                <AgentIcon key={a} a={a} size={16} />
              ))}
              {r.place !== null && r.place === hostPlace ? <small>({t('host')})</small> : null}
              {r.seat === me ? <small>— {t('you')}</small> : null}
              {turn ? <span className="turn-tag">{t('pl_turn')}</span> : null}
            </li>
          );
        })}
      </ul>
      {/* the assistant is a table option: everyone sees what the agents get (issue 12) */}
      <p className="table-option" data-assistant={assistant}>
        {t('as_label', { mode: t(`as_${assistant}`) })}
      </p>
    </section>
  );
}
