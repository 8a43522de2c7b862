// The game log in the player's language, rendered from the SeenEvents of the view.
import { LOCATIONS, type GameResult, type Loc, type SeenEvent } from '@mindmgmt/engine';
import type { I18n } from '../i18n/lookup.js';

/** An hour of the time track as every log line and result writes it: "8:00" (never "8:00 点"). */
const clock = (h: number): string => `${h}:00`;

const L = (l: Loc | null | undefined) => (l === null || l === undefined ? '?' : (LOCATIONS[l]?.label ?? '?'));

export function resultText(i18n: I18n, r: GameResult): string {
  const who = winnerText(i18n, r);
  return `${who} — ${reasonText(i18n, r)}`;
}

/** The end's heading: who won, or that nobody did (abandoned by agreement, D14). */
export function winnerText(i18n: I18n, r: GameResult): string {
  if (r.winner === null) return i18n.t('winNobody');
  return r.winner === 'recruiter' ? i18n.t('winRecruiter') : i18n.t('winAgents');
}

/** How the game ended, without the winner (the end dialog's heading says who won). */
export function reasonText(i18n: I18n, r: GameResult): string {
  return i18n.t(`r_${r.reason}` as 'r_capture', { time: clock(r.time) });
}

/** Who sits at a seat, as the log and the prompt say it: the recruiter, else the player's name
 * ("Bot (easy)" in the page's language), else the seat's number. */
export function seatName(i18n: I18n, seat: number, names?: ReadonlyMap<number, string>): string {
  if (seat === 0) return i18n.t('recruiter');
  const name = names?.get(seat);
  return name ? i18n.player(name) : i18n.t('seatN', { n: seat });
}

/** An event's sentence. `names` gives the players' names by seat (the table's lobby): the log says
 * who did it, not "agent seat 1"; without a name the seat's number stands. `over`:
 * the game has ended, and what was the recruiter's secret is told as revealed to everyone. */
export function eventText(i18n: I18n, e: SeenEvent, names?: ReadonlyMap<number, string>, over = false): string {
  // the log's sentences are the catalogue's lg_* keys (i18n/en/log.ts), some of them plural by {n}
  const f = (key: string, params: Record<string, string | number> = {}) =>
    i18n.t(`lg_${key}` as 'lg_mayhemPlaced', params);
  const p = e.pub;
  let s: string;
  switch (p.kind) {
    case 'mayhemPlaced':
      s = f(p.kind, {
        who: seatName(i18n, p.seat, names),
        a: L(p.between[0]),
        b: L(p.between[1]),
      });
      break;
    case 'startChosen':
      s = p.at !== null ? f('startPublic', { at: L(p.at) }) : f('startChosen');
      break;
    case 'featureCardsDrawn':
      s = f(p.kind, { n: p.count });
      break;
    case 'recruiterStepped':
      s = f(p.kind, { time: clock(p.time) });
      break;
    case 'mindSlipUsed':
      s =
        f(p.kind, { token: p.token, time: clock(p.time) }) +
        (p.tokenAt !== null ? f('tokenLay', { at: L(p.tokenAt) }) : '');
      break;
    case 'setupRecruitsRevealed':
      s = f(p.kind, { n: p.count });
      break;
    case 'immortalPlaced':
    case 'mindSlipTokenPlaced':
      s = f(p.kind, { at: L(p.at) });
      break;
    case 'agentPlaced':
      s = f(p.kind, { agent: i18n.agent(p.agent), at: L(p.at) });
      break;
    case 'immortalCardsDrawn':
      s = f(p.kind, { features: p.features.map((x) => i18n.feature(x)).join(', ') || i18n.t('none') });
      break;
    case 'immortalMoved':
      s =
        f(p.kind, { from: L(p.from), to: L(p.to) }) +
        (p.stepToken !== null ? f('extraPaid', { at: L(p.stepToken) }) : '');
      break;
    case 'immortalRecruited':
      s = f(p.kind, { feature: i18n.feature(p.feature), at: p.at.map(L).join(', ') });
      break;
    case 'timeAdvanced':
      s = f(p.kind, { time: clock(p.time) }) + (p.alert !== null ? f('alert', { n: p.alert }) : '');
      break;
    case 'agentActivated':
    case 'activationEnded':
      s = f(p.kind, { agent: i18n.agent(p.agent) });
      break;
    case 'agentMoved':
      s = f(p.kind, {
        agent: i18n.agent(p.agent),
        from: L(p.from),
        to: L(p.to),
        by: p.by !== p.agent ? f('byDusty', { by: i18n.agent(p.by) }) : '',
      });
      break;
    case 'asked':
      s =
        f(p.kind, { agent: i18n.agent(p.agent), feature: i18n.feature(p.feature) }) +
        (p.dolphin ? f('withDolphin') : '');
      break;
    case 'askAnswered':
      s = p.at.length
        ? f(p.kind, { feature: i18n.feature(p.feature), at: p.at.map(L).join(', ') })
        : f('cannotPlace', { feature: i18n.feature(p.feature) });
      break;
    case 'revealed':
      s = f(p.kind, { at: L(p.at), visit: clock(p.visitTime) });
      break;
    case 'shakedown':
      s = f(p.kind, { agent: i18n.agent(p.agent), feature: i18n.feature(p.feature), hit: f(p.hit ? 'hit' : 'miss') });
      break;
    case 'immortalPushed':
      s = f(p.kind, { agent: i18n.agent(p.agent), from: L(p.from), to: L(p.to) });
      break;
    case 'captureAttempted':
      s = f(p.kind, { agent: i18n.agent(p.agent), at: L(p.at), hit: f(p.hit ? 'captureHit' : 'miss') });
      break;
    case 'scanned':
      s = f(p.kind, { at: L(p.at), yes: f(p.yes ? 'yes' : 'no') });
      break;
    case 'noteChanged':
      s = f(p.note ? 'noteChanged' : 'noteRemoved', { at: L(p.at) });
      break;
    case 'gameOver':
      s = f(p.kind, { result: resultText(i18n, p.result) });
      break;
    default:
      s = f(p.kind);
  }
  const x = e.secret;
  if (x) {
    const k = over ? 'r' : 's';
    if (x.to !== undefined) {
      s += f(`${k}To`, { to: L(x.to) });
      if (x.contacts) s += f('sContacts', { n: x.contacts });
      if (x.acquiredMindSlip) s += f('sSlip');
      s += f(`${k}End`);
    } else if (x.card) s += f(`${k}Card`, { card: i18n.t(`card_${x.card}` as 'card_carl') }) + f(`${k}End`);
    else if (x.cards) s += f(`${k}Cards`, { cards: x.cards.map((c) => i18n.feature(c)).join(', ') }) + f(`${k}End`);
  }
  return s;
}
