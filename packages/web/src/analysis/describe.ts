// Words for the analysis: an action of a game record (locations as labels) in the
// table's own action names, and the moments as sentences. Pure, so the chart and table components
// and the tests share them.
import type { GameAnalysis, Moment, RecordedAction } from '@mindmgmt/ai';
import { type AgentId, type FeatureId, standingActions } from '@mindmgmt/engine';
import type { I18n, StringKey } from '../i18n/lookup.js';

/** One action of a record: the tool's name (`t_<type>`), then the locations it names. */
export function actionWords(i18n: I18n, a: RecordedAction): string {
  const { t } = i18n;
  const params: Record<string, string | number> = {};
  if (typeof a.agent === 'string') params.agent = i18n.agent(a.agent as AgentId);
  if (typeof a.feature === 'string') params.feature = i18n.feature(a.feature as FeatureId);
  if (typeof a.token === 'number') params.n = a.token;
  const key = `t_${a.type}` as StringKey;
  const name = key in i18n.dict ? t(key, params) : a.type;
  const locs = ['from', 'to', 'at', 'stepToken'].map((k) => a[k]).filter((v): v is string => typeof v === 'string');
  if (a.type === 'answerAsk' && a.at === null) return `${name}${t('colon')}${t('t_cannotPlace')}`;
  return locs.length ? `${name} ${locs.join(' → ')}` : name;
}

/** A row's actions as played: an action taken back and its undo are not (D12); an analysis
 * stored before they were left out still has them. */
export function playedActions(actions: readonly RecordedAction[]): RecordedAction[] {
  const stands = standingActions(actions);
  return actions.filter((_, i) => stands[i]);
}

/** The played actions of a row in words ("nothing" when there were none). */
export function playedWords(i18n: I18n, actions: readonly RecordedAction[]): string {
  const shown = playedActions(actions).filter((a) => a.type !== 'endTurn' && a.type !== 'endActivation');
  return shown.length ? shown.map((a) => actionWords(i18n, a)).join(', ') : i18n.t('an_nothing');
}

/** One moment as a sentence (plus "this ended the game" / "the expert would have ..."). */
export function momentWords(i18n: I18n, a: GameAnalysis, m: Moment): string {
  const { t } = i18n;
  const row = m.kind === 'activation' ? a.activations[m.index] : a.turns[m.index];
  const who = m.agent ? i18n.agent(m.agent) : t('an_recruiter');
  const what = row ? playedWords(i18n, row.actions) : m.action;
  const p = {
    when: t('an_when', { time: m.time }),
    who,
    what,
    before: m.before,
    after: m.after,
  };
  const key = m.after < m.before ? 'an_momentNarrowed' : m.after > m.before ? 'an_momentWidened' : 'an_momentSame';
  const parts = [t(key, p)];
  if (m.endedGame) parts.push(t('an_momentEnded'));
  // what the expert would have played, not only that it differs
  if (m.expertDiffers && row?.expert) parts.push(t('an_momentExpert', { what: actionWords(i18n, row.expert.action) }));
  return parts.join(' ');
}
