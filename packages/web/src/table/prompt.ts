// The table's prompt: what the game waits for, in the reader's language, and for the seat playing
// an activation what is left to do in it.
import type { Action, View } from '@mindmgmt/engine';
import type { I18n } from '../i18n/lookup.js';
import { resultText, seatName } from './log.js';

/** What is left to do in this activation, from the actions the server lists (no rules here):
 * the buttons' own names, joined, so the prompt changes after each move. The
 * recruiter's prompt already follows its turn (p_recruiterTurn_me, then _done). */
const LEFT: readonly (readonly [Action['type'], (i18n: I18n) => string])[] = [
  ['move', (i) => i.t('tl_moveUpTo')],
  ['ask', (i) => i.t('tl_ask')],
  ...(['reveal', 'shakedown', 'push', 'capture', 'scan', 'nudge', 'dustyMove'] as const).map(
    (ty) => [ty, (i: I18n) => i.t(`t_${ty}`)] as const,
  ),
  ['endActivation', (i) => i.t('t_endActivation')],
];

export function leftToDo(i18n: I18n, legal: readonly Action[]): string {
  const types = new Set(legal.map((a) => a.type));
  const names = LEFT.filter(([ty]) => types.has(ty)).map(([, label]) => label(i18n));
  if (names.length < 2) return names.join('');
  return `${names.slice(0, -1).join(i18n.t('tl_sep'))}${i18n.t('tl_or')}${names[names.length - 1]}`;
}

export function prompt(
  i18n: I18n,
  view: View,
  seat: number | 'spectator' | null,
  legal: readonly Action[] = [],
  names?: ReadonlyMap<number, string>,
): string {
  const { t } = i18n;
  const mine = typeof seat === 'number' && view.expected.includes(seat);
  const ph = view.phase;
  const feature = view.pendingAsk ? i18n.feature(view.pendingAsk.feature) : '';
  switch (ph) {
    case 'over':
      return view.result ? resultText(i18n, view.result) : t('p_over');
    case 'mayhem': {
      const who = seatName(i18n, view.expected[0] ?? 1, names);
      return mine ? t('p_mayhem_me') : t('p_mayhem', { who, n: view.mayhem.length });
    }
    case 'start':
      // R31: in the Training Mission the start is public
      return mine && view.mode === 'training' ? t('p_start_public_me') : t(mine ? 'p_start_me' : 'p_start');
    case 'setupSteps':
      return mine ? t('p_setupSteps_me', { n: view.recruiter?.path.length ?? 1 }) : t('p_setupSteps');
    case 'immortals':
      return mine ? t('p_immortals_me', { n: view.immortals.length + 1 }) : t('p_immortals');
    case 'recruiterTurn':
      return mine
        ? view.turn?.actionDone
          ? t('p_recruiterTurn_done')
          : t('p_recruiterTurn_me')
        : t('p_recruiterTurn');
    case 'answerAsk':
      return mine ? t('p_answerAsk_me', { feature }) : t('p_answerAsk', { feature });
    case 'agentsTurn': {
      const act = view.activation;
      // the seat playing this activation: where it stands (from the actions still listed), then
      // what is left (the recruiter answering an Ask is not this seat)
      if (mine && act && legal.some((a) => a.type === 'endActivation')) {
        const where = legal.some((a) => a.type === 'move')
          ? 'p_agentsTurn_active_me'
          : act.actionDone
            ? 'p_agentsTurn_done_me'
            : 'p_agentsTurn_moved_me';
        return `${t(where, { agent: i18n.agent(act.agent) })} ${t('tl_left', { list: leftToDo(i18n, legal) })}`;
      }
      if (mine && act)
        return t(act.actionDone ? 'p_agentsTurn_done_me' : 'p_agentsTurn_active_me', { agent: i18n.agent(act.agent) });
      return mine
        ? t('p_agentsTurn_me', { n: view.activationsThisHalf })
        : t('p_agentsTurn', { n: view.activationsThisHalf });
    }
    default:
      return t(mine ? (`p_${ph}_me` as 'p_start_me') : (`p_${ph}` as 'p_start'));
  }
}
