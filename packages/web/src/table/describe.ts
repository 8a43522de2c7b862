// One line naming a planned action, for the Confirm/Undo bar (what will be sent on Confirm).
import { LOCATIONS, type Action, type Loc, type View } from '@mindmgmt/engine';
import type { I18n } from '../i18n/lookup.js';

const L = (l: Loc) => LOCATIONS[l]?.label ?? '?';

export function describeAction(i18n: I18n, a: Action, view: View): string {
  const { t } = i18n;
  const terms = {
    immortal: t('immortal'),
    stepToken: t('stepToken'),
    mayhem: t('mayhem'),
    mindSlip: t('mindSlip'),
    secondMindSlip: t('secondMindSlip'),
  };
  const active = view.activation?.agent ?? '';
  switch (a.type) {
    case 'placeMayhem':
      return t('d_placeMayhem', { ...terms, a: L(a.between[0]), b: L(a.between[1]) });
    case 'chooseRecruiterCard':
      return t(`card_${a.card}`);
    case 'chooseStart':
      return t('d_chooseStart', { loc: L(a.at) });
    case 'step':
      return t('d_step', { loc: L(a.to) });
    case 'mindSlip':
      return t('d_mindSlip', { ...terms, n: a.token, loc: L(a.to) });
    case 'moveImmortal':
      return t('d_moveImmortal', { ...terms, from: L(a.from), to: L(a.to) });
    case 'extraImmortalMove':
      return t('d_extraImmortalMove', { ...terms, from: L(a.from), to: L(a.to), at: L(a.stepToken) });
    case 'placeImmortal':
      return t('d_placeImmortal', { ...terms, loc: L(a.at) });
    case 'placeAgent':
      return t('d_placeAgent', { agent: i18n.agent(a.agent), loc: L(a.at) });
    case 'placeMindSlip':
      return t('d_placeMindSlip', { ...terms, loc: L(a.at) });
    case 'answerAsk':
      return a.at === null ? t('t_cannotPlace') : t('d_answerAsk', { ...terms, loc: L(a.at) });
    case 'activate':
      return t('t_activate', { agent: i18n.agent(a.agent) });
    case 'move':
      return t('d_move', { agent: i18n.agent(active), loc: L(a.to) });
    case 'ask':
      return t('t_ask', { feature: i18n.feature(a.feature) }) + (a.dolphin ? ` (${t('t_withDolphin')})` : '');
    case 'shakedown':
      return t('d_withFeature', { what: t('t_shakedown'), feature: i18n.feature(a.feature) });
    case 'push':
      return t('d_push', { push: t('t_push'), loc: L(a.to) });
    case 'nudge':
      return t('d_nudge', { nudge: t('t_nudge'), from: L(a.from), to: L(a.to) });
    case 'dustyMove':
      return t('d_dustyMove', { dusty: t('t_dustyMove'), agent: i18n.agent(a.agent), loc: L(a.to) });
    case 'reveal':
    case 'capture':
    case 'scan':
    case 'endTurn':
    case 'endActivation':
    case 'resign':
      return t(`t_${a.type}`);
    default:
      return a.type;
  }
}
