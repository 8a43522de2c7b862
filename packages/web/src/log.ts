// The game log in the player's language, rendered from the SeenEvents of the view.
import { LOCATIONS, type GameResult, type Loc, type SeenEvent } from '@mindmgmt/engine';
import type { I18n, Lang } from './i18n.js';

type Kind = SeenEvent['pub']['kind'];
type Templates = Record<Kind, string> & Record<string, string>;

const T: Record<Lang, Templates> = {
  en: {
    mayhemPlaced: '{who} placed mayhem between {a} and {b}.',
    recruiterCardChosen: 'The recruiter chose a recruiter card.',
    startChosen: 'The recruiter chose a secret start location.',
    startPublic: 'The recruiter starts at {at} (confirmed note 1).',
    featureCardsDrawn: 'The recruiter drew {count} secret feature cards.',
    recruiterStepped: 'The recruiter moved in secret (time {time}).',
    mindSlipUsed: 'The recruiter used mind slip token {token} at {time}:00.',
    tokenLay: ' Its token lay on {at}.',
    setupRecruitsRevealed: 'Recruits contacted at 01:00–05:00: {count}.',
    immortalPlaced: 'An immortal was placed on {at}.',
    agentPlaced: '{agent} was placed on {at}.',
    mindSlipTokenPlaced: 'The 2nd mind slip token was placed on {at}.',
    immortalCardsDrawn: 'Immortal recruiting cards: {features}.',
    recruiterTurnStarted: 'The recruiter’s turn begins.',
    immortalMoved: 'An immortal moved from {from} to {to}.',
    extraPaid: ' Paid with a step token on {at}.',
    immortalRecruited: 'Immortals recruited 1 with {feature} ({at}).',
    timeAdvanced: 'Time advances to {time}:00.',
    alert: ' Red alert: {alert} recruit(s) revealed.',
    agentActivated: '{agent} is activated.',
    agentMoved: '{agent} moved from {from} to {to}{by}.',
    byDusty: ' (moved by {by})',
    asked: '{agent} asked about {feature}.',
    withDolphin: ' With the Black Ops Dolphin!',
    askAnswered: 'Answer about {feature}: step token on {at}.',
    cannotPlace: 'Answer about {feature}: cannot place.',
    revealed: 'Reveal at {at}: the recruiter was there at {visit}.',
    shakedown: '{agent} shook down an immortal about {feature}: {hit}.',
    hit: 'hit — card exposed',
    miss: 'miss',
    immortalPushed: '{agent} pushed the immortal from {from} to {to}.',
    captureAttempted: '{agent} tried to capture at {at}: {hit}.',
    captureHit: 'hit — captured',
    scanned: 'Meru’s crosshairs from {at}: {yes}.',
    yes: 'yes, within range',
    no: 'no',
    activationEnded: '{agent}’s activation ends.',
    roundEnded: 'End of the round.',
    noteChanged: 'Mental note on {at} updated.',
    noteRemoved: 'Mental note on {at} removed.',
    gameOver: 'Game over: {result}.',
    sTo: ' [secret: to {to}',
    sContacts: ', {n} recruit(s)',
    sSlip: ', 2nd mind slip acquired',
    sCard: ' [secret: {card}',
    sCards: ' [secret: {cards}',
    sEnd: ']',
  },
  zh: {
    mayhemPlaced: '{who}在 {a} 与 {b} 之间放置了障碍。',
    recruiterCardChosen: '招募员选好了招募员卡。',
    startChosen: '招募员选择了秘密起点。',
    startPublic: '招募员从 {at} 出发（确定心灵笔记 1）。',
    featureCardsDrawn: '招募员抽取了 {count} 张秘密特征卡。',
    recruiterStepped: '招募员秘密移动（时间 {time}）。',
    mindSlipUsed: '招募员在 {time} 点使用了心灵逃脱指示物 {token}。',
    tokenLay: '该标记原在 {at}。',
    setupRecruitsRevealed: '01–05 点接触的新特工：{count}。',
    immortalPlaced: '一个不朽者被放在 {at}。',
    agentPlaced: '{agent}被放在 {at}。',
    mindSlipTokenPlaced: '第二个心灵逃脱指示物被放在 {at}。',
    immortalCardsDrawn: '不朽者招募特征卡：{features}。',
    recruiterTurnStarted: '招募员的回合开始。',
    immortalMoved: '一个不朽者从 {from} 移到 {to}。',
    extraPaid: '代价：在 {at} 放置足迹标记。',
    immortalRecruited: '不朽者通过{feature}招募了 1 人（{at}）。',
    timeAdvanced: '时间推进到 {time} 点。',
    alert: '红色警戒：公开 {alert} 名新特工。',
    agentActivated: '{agent}被激活。',
    agentMoved: '{agent}从 {from} 移到 {to}{by}。',
    byDusty: '（由{by}移动）',
    asked: '{agent}询问了{feature}。',
    withDolphin: '使用了黑色行动海豚！',
    askAnswered: '关于{feature}的回答：足迹标记在 {at}。',
    cannotPlace: '关于{feature}的回答：无法放置。',
    revealed: '揭露 {at}：招募员在 {visit} 到过这里。',
    shakedown: '{agent}就{feature}逼供了不朽者：{hit}。',
    hit: '命中，卡牌暴露',
    miss: '落空',
    immortalPushed: '{agent}把不朽者从 {from} 推到 {to}。',
    captureAttempted: '{agent}在 {at} 尝试捕捉：{hit}。',
    captureHit: '命中，抓到了',
    scanned: '梅鲁在 {at} 使用心灵准星：{yes}。',
    yes: '是，在范围内',
    no: '否',
    activationEnded: '{agent}的激活结束。',
    roundEnded: '本轮结束。',
    noteChanged: '{at} 的心灵笔记已更新。',
    noteRemoved: '{at} 的心灵笔记已删除。',
    gameOver: '游戏结束：{result}。',
    sTo: ' [秘密：到 {to}',
    sContacts: '，{n} 名新特工',
    sSlip: '，获得第二个心灵逃脱指示物',
    sCard: ' [秘密：{card}',
    sCards: ' [秘密：{cards}',
    sEnd: ']',
  },
  ja: {
    mayhemPlaced: '{who}が {a} と {b} の間に群衆を置いた。',
    recruiterCardChosen: '採用官が採用官カードを選んだ。',
    startChosen: '採用官が秘密のスタート地点を選んだ。',
    startPublic: '採用官は {at} から出発（緑色のノートトークン 1）。',
    featureCardsDrawn: '採用官が秘密の特徴物カードを {count} 枚引いた。',
    recruiterStepped: '採用官が隠密行動をした（時刻 {time}）。',
    mindSlipUsed: '採用官が {time} 時にマインドスリップトークン {token} を使った。',
    tokenLay: 'トークンは {at} にあった。',
    setupRecruitsRevealed: '01〜05時に接触した採用：{count}。',
    immortalPlaced: 'イモータルが {at} に置かれた。',
    agentPlaced: '{agent}が {at} に置かれた。',
    mindSlipTokenPlaced: '2個目のマインドスリップトークンが {at} に置かれた。',
    immortalCardsDrawn: 'イモータルによる採用のカード：{features}。',
    recruiterTurnStarted: '採用官の手番開始。',
    immortalMoved: 'イモータルが {from} から {to} へ移動した。',
    extraPaid: '代償として {at} に足跡トークン。',
    immortalRecruited: 'イモータルが{feature}で採用を1つ得た（{at}）。',
    timeAdvanced: '時刻が {time} 時に進んだ。',
    alert: '赤い警戒：採用 {alert} を公開。',
    agentActivated: '{agent}を起動。',
    agentMoved: '{agent}が {from} から {to} へ移動した{by}。',
    byDusty: '（{by}による移動）',
    asked: '{agent}が{feature}について尋問した。',
    withDolphin: 'イルカの秘密工作員を使用！',
    askAnswered: '{feature}への回答：{at} に足跡トークン。',
    cannotPlace: '{feature}への回答：置けない。',
    revealed: '{at} を暴露：採用官は {visit} 時にここにいた。',
    shakedown: '{agent}がイモータルに強制捜査（{feature}）：{hit}。',
    hit: '的中、カードが暴かれた',
    miss: '外れ',
    immortalPushed: '{agent}がイモータルを {from} から {to} へ押し出した。',
    captureAttempted: '{agent}が {at} で捕獲を試みた：{hit}。',
    captureHit: '的中、捕獲',
    scanned: 'メルのサイキック・クロスヘア（{at}）：{yes}。',
    yes: 'はい、範囲内',
    no: 'いいえ',
    activationEnded: '{agent}の起動が終わった。',
    roundEnded: 'ラウンド終了。',
    noteChanged: '{at} のノートトークンを更新。',
    noteRemoved: '{at} のノートトークンを削除。',
    gameOver: 'ゲーム終了：{result}。',
    sTo: ' [秘密：{to} へ',
    sContacts: '、採用 {n}',
    sSlip: '、2個目のマインドスリップトークンを入手',
    sCard: ' [秘密：{card}',
    sCards: ' [秘密：{cards}',
    sEnd: ']',
  },
};

const L = (l: Loc | null | undefined) => (l === null || l === undefined ? '?' : (LOCATIONS[l]?.label ?? '?'));

export function resultText(i18n: I18n, r: GameResult): string {
  const who = r.winner === 'recruiter' ? i18n.t('winRecruiter') : i18n.t('winAgents');
  const why = i18n.t(`r_${r.reason}` as 'r_capture', { time: `${r.time}:00` });
  return `${who} — ${why}`;
}

export function eventText(i18n: I18n, e: SeenEvent): string {
  const tt = T[i18n.lang];
  const f = (key: string, params: Record<string, string | number> = {}) =>
    (tt[key] ?? T.en[key] ?? key).replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
  const p = e.pub;
  let s: string;
  switch (p.kind) {
    case 'mayhemPlaced':
      s = f(p.kind, {
        who: p.seat === 0 ? i18n.t('recruiter') : i18n.t('seatN', { n: p.seat }),
        a: L(p.between[0]),
        b: L(p.between[1]),
      });
      break;
    case 'startChosen':
      s = p.at !== null ? f('startPublic', { at: L(p.at) }) : f('startChosen');
      break;
    case 'featureCardsDrawn':
      s = f(p.kind, { count: p.count });
      break;
    case 'recruiterStepped':
      s = f(p.kind, { time: p.time });
      break;
    case 'mindSlipUsed':
      s = f(p.kind, { token: p.token, time: p.time }) + (p.tokenAt !== null ? f('tokenLay', { at: L(p.tokenAt) }) : '');
      break;
    case 'setupRecruitsRevealed':
      s = f(p.kind, { count: p.count });
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
      s = f(p.kind, { time: p.time }) + (p.alert !== null ? f('alert', { alert: p.alert }) : '');
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
      s = f(p.kind, { at: L(p.at), visit: p.visitTime });
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
    if (x.to !== undefined) {
      s += f('sTo', { to: L(x.to) });
      if (x.contacts) s += f('sContacts', { n: x.contacts });
      if (x.acquiredMindSlip) s += f('sSlip');
      s += f('sEnd');
    } else if (x.card) s += f('sCard', { card: i18n.t(`card_${x.card}` as 'card_carl') }) + f('sEnd');
    else if (x.cards) s += f('sCards', { cards: x.cards.map((c) => i18n.feature(c)).join(', ') }) + f('sEnd');
  }
  return s;
}
