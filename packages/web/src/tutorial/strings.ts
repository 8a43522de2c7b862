// The tutorial's own strings in English, Simplified Chinese and Japanese (loaded with its chunk).
// Terms follow the glossary (seeds 003/004): ja 採用官 / 尋問 / 暴露 / 捕獲, zh 招募员 / 反叛特工 /
// 心灵笔记 / 心灵逃脱. `{billboard}` and other feature ids, and `{meru}` and other agent ids, are
// filled in with the game's own names for them.
import type { Lang } from '../i18n/lookup.js';

const en = {
  title: 'Tutorial',
  sideRecruiter: 'Tutorial: the Recruiter',
  sideAgents: 'Tutorial: the rogue agents',
  progress: 'Step {n} of {total}',
  back: 'Back',
  restart: 'Restart',
  exit: 'Exit to the lobby',
  next: 'Next',
  activate: 'Activate {agent}',
  ask: 'Ask: {feature}',
  reveal: 'Reveal',
  capture: 'Capture',
  time: 'Time {time}',
  timeSetup: 'Setup',
  recruits: 'Recruits revealed: {n} / {max}',
  yourCards: 'Your feature cards',
  theirCards: 'The Recruiter’s feature cards',
  happened: 'What just happened',
  clickCell: 'Click {loc} on the board.',
  clickButton: 'Click “{label}”.',
  refusedIllegal: 'Not allowed: {reason}',
  refusedIllegalShort: 'The rules do not allow that here. {hint}',
  refusedNotNow: 'Allowed, but not this lesson’s move. {hint}',
  refusedBoard: 'This step waits for a button, not the board. {hint}',
  refusedButton: 'This step waits for a click on the board. {hint}',
  doneRecruiter: 'Lesson complete: you won as the Recruiter.',
  doneAgents: 'Lesson complete: the rogue agents captured the Recruiter.',
  playSolo: 'Now play a real game from the lobby: “{solo}”.',
  // ---- the Recruiter's lesson
  r_intro:
    'You are the Recruiter of Mind MGMT, hidden somewhere in Zanzibar. This Training Mission is played with the real rules against scripted rogue agents. Click Next.',
  r_start:
    'Secret start: choose where you begin. In the Full Game nobody sees it; in the Training Mission the start is shown to the agents with a green confirmed note “1”. Click D2.',
  r_cards:
    'You drew 3 secret feature cards: {billboard}, {coffee} and {umbrellas}. They are circled on your secret map. Each circled feature where you arrive contacts 1 recruit: D2 already gave you 2. Click Next.',
  r_hidden1:
    'Now 4 hidden steps, times 2 to 5: only you see them. A step goes to an orthogonal neighbour you have not visited. Click C3, the temple.',
  r_hidden2: 'To or from a temple you may also step diagonally. Click B3 ({umbrellas}: +1 recruit).',
  r_hidden3: 'Click B4 ({billboard}: +1 recruit).',
  r_hidden4:
    'Click B5 ({coffee}: +1 recruit). After the 4th hidden step the recruits of 01:00–05:00 are revealed as one number.',
  r_setupRevealed:
    '5 recruits revealed. The agents have placed their 4 agents on the outside edge. You win with 9 revealed recruits (Training), or when time reaches 14:00. Click Next.',
  r_timeTrack:
    'The time track: every turn you take one step and the time token moves on one hour. This is 06:00. Click B6 ({umbrellas}: +1 recruit, not revealed yet).',
  r_answer:
    'Henry asked about {umbrellas}. You must put a step token on a visited location with {umbrellas}: B3 or B6, your choice. B6 is where you stand now, a token there would give you away: click B3.',
  r_alert:
    '07:00 is a red alert space: when you reach it you reveal how many recruits you contacted at 06:00 and 07:00, as one number. Click C6 (no circled feature).',
  r_alertResult: 'The alert revealed 1 recruit: 6 of 9. The agents moved closer, without finding you. Click Next.',
  r_step8: 'Step on at 08:00: click C7 ({billboard}: +1 recruit).',
  r_win:
    '09:00 is a red alert again. Click D7 ({coffee} and {umbrellas}: +2). The alert reveals 3: 9 recruits, and you win by recruits.',
  // ---- the agents' lesson
  a_intro:
    'You play all four rogue agents. The Recruiter started on C4 (the green note “1”, shown in the Training Mission) and has taken 4 hidden steps; 1 recruit is revealed. Find and capture them. Click Next.',
  a_placeMeru: 'Place your agents on the outside edge of the board. Click B7 for {meru}.',
  a_placeHenry: 'Click D7 for {henry}.',
  a_placeBill: 'Click A4 for {bill}.',
  a_placeDusty: 'Click F6 for {dusty}. Then the Recruiter takes a hidden step (06:00).',
  a_activate: 'Each half-round you activate 2 agents, one after the other. Activate {meru}.',
  a_move:
    'Moving agents: up to 2 locations, orthogonally (diagonally only to or from a temple), then one action. One click moves: click C7.',
  a_undo:
    'Nothing was revealed by that move, so Undo under the board takes it back (until something is revealed, or the activation ends). Click Undo.',
  a_moveAgain: '{meru} is back on B7, still active. Click C7 again.',
  a_ask:
    'Asking: choose a feature of your location. The Recruiter must put a step token on a visited location with it, if there is one. Ask about {torches}.',
  a_note:
    'The answer: “cannot place”. So no visited location shows {torches} (up to now). Mental notes keep such facts: click C7 to write one with {torches} crossed out.',
  a_activateHenry: 'Activate {henry}, your second agent this half-round.',
  a_moveHenry: 'Click D6.',
  a_askHenry: 'Ask about {bookstore}.',
  a_answered:
    'The Recruiter put a step token on D6: they were here once. Then they stepped on: 07:00, a red alert, 1 recruit revealed. Click Next.',
  a_activateDusty: 'A new half-round. Activate {dusty}.',
  a_moveDusty: 'Move {dusty} 2 locations to the step token: click D6.',
  a_reveal:
    'Revealing: on a step token, Reveal turns it into a green confirmed note with the visit time. Click Reveal.',
  a_activateBill:
    'The confirmed note says 4: the Recruiter was on D6 at 04:00. Activate {bill} for the second activation.',
  a_moveBill: 'Click A5.',
  a_askBill: 'Ask about {graffiti}.',
  a_round2:
    'A step token appeared on C6, and the Recruiter stepped (08:00). A new round: every agent can act again. Activate {meru}.',
  a_moveMeru2: 'Click C6, the step token.',
  a_reveal2: 'Reveal it.',
  a_activateBill2:
    '05:00 on C6, 04:00 on D6: three hours later the Recruiter is at most 3 locations from C6. Activate {bill}.',
  a_moveBill2: 'A capture: move onto the location where you think the Recruiter is. Click B6.',
  a_capture: 'Capture! If the Recruiter is here, the agents win; a miss is announced to everyone. Click Capture.',
  a_captureConfirm: 'A capture cannot be taken back, so the table asks once before it is played. Click Confirm.',
};

export type TutorialKey = keyof typeof en;
type Strings = Record<TutorialKey, string>;

const zh: Strings = {
  title: '教程',
  sideRecruiter: '教程：招募员',
  sideAgents: '教程：反叛特工',
  progress: '第 {n} 步，共 {total} 步',
  back: '上一步',
  restart: '重新开始',
  exit: '返回大厅',
  next: '下一步',
  activate: '激活{agent}',
  ask: '询问：{feature}',
  reveal: '揭露',
  capture: '捕捉',
  time: '时间 {time}',
  timeSetup: '准备阶段',
  recruits: '已公开的新特工：{n} / {max}',
  yourCards: '你的特征卡',
  theirCards: '招募员的特征卡',
  happened: '刚刚发生的事',
  clickCell: '点击版图上的 {loc}。',
  clickButton: '点击“{label}”。',
  refusedIllegal: '规则不允许：{reason}',
  refusedIllegalShort: '规则不允许这样做。{hint}',
  refusedNotNow: '可以这样做，但不是本课的操作。{hint}',
  refusedBoard: '这一步要点按钮，不是版图。{hint}',
  refusedButton: '这一步要点击版图。{hint}',
  doneRecruiter: '本课完成：你作为招募员获胜。',
  doneAgents: '本课完成：反叛特工捕捉到了招募员。',
  playSolo: '现在从大厅开始真正的游戏：“{solo}”。',
  r_intro:
    '你是心灵管理局的招募员，藏身于桑给巴尔。这场训练任务使用真实规则，对手是按脚本行动的反叛特工。点击“下一步”。',
  r_start:
    '秘密起点：选择你的出发地点。完整游戏中谁也看不到；训练任务中起点会用写着“1”的确定心灵笔记告诉反叛特工。点击 D2。',
  r_cards:
    '你抽到 3 张秘密特征卡：{billboard}、{coffee}、{umbrellas}，已在秘密地图上圈出。你每到达一个地点，其上每个被圈的特征接触 1 名新特工：D2 已给你 2 名。点击“下一步”。',
  r_hidden1: '现在进行 4 次隐藏移动（时间 2 到 5），只有你能看到。移动到一个没去过的上下左右相邻地点。点击寺庙 C3。',
  r_hidden2: '进出寺庙时也可以斜着移动。点击 B3（{umbrellas}：+1 名新特工）。',
  r_hidden3: '点击 B4（{billboard}：+1 名新特工）。',
  r_hidden4: '点击 B5（{coffee}：+1 名新特工）。第 4 次隐藏移动后，01:00–05:00 接触的新特工以一个数字公开。',
  r_setupRevealed:
    '公开了 5 名新特工。反叛特工已把 4 名特工放在版图边缘。公开 9 名新特工（训练任务）或时间到达 14:00 时你获胜。点击“下一步”。',
  r_timeTrack: '时间轨：每回合你移动一步，时间指示物前进一小时。现在是 06:00。点击 B6（{umbrellas}：+1，暂不公开）。',
  r_answer:
    '亨利询问了{umbrellas}。你必须在一个去过且有{umbrellas}的地点放一个足迹：B3 或 B6，由你选择。B6 是你现在的位置，放在那里会暴露你：点击 B3。',
  r_alert:
    '07:00 是红色警戒：到达时你要把 06:00 和 07:00 接触的新特工数量合成一个数字公开。点击 C6（没有被圈的特征）。',
  r_alertResult: '红色警戒公开了 1 名新特工：9 名中已有 6 名。反叛特工靠近了，但没找到你。点击“下一步”。',
  r_step8: '08:00 继续移动：点击 C7（{billboard}：+1 名新特工）。',
  r_win: '09:00 又是红色警戒。点击 D7（{coffee}和{umbrellas}：+2）。警戒公开 3 名：共 9 名新特工，你靠招募获胜。',
  a_intro:
    '你操作全部 4 名反叛特工。招募员从 C4 出发（训练任务中用写着“1”的确定心灵笔记公开），已隐藏移动 4 次；已公开 1 名新特工。找到并捕捉招募员。点击“下一步”。',
  a_placeMeru: '把特工放在版图边缘的地点。点击 B7 放置{meru}。',
  a_placeHenry: '点击 D7 放置{henry}。',
  a_placeBill: '点击 A4 放置{bill}。',
  a_placeDusty: '点击 F6 放置{dusty}。之后招募员进行一次隐藏移动（06:00）。',
  a_activate: '每半轮你依次激活 2 名特工。激活{meru}。',
  a_move: '特工移动：最多 2 个地点，上下左右（进出寺庙可斜走），然后执行一个行动。点击一次即移动：点击 C7。',
  a_undo: '这次移动没有公开任何信息，所以版图下方的“撤销”可以收回它（直到有信息公开或激活结束）。点击“撤销”。',
  a_moveAgain: '{meru}回到了 B7，仍处于激活状态。再次点击 C7。',
  a_ask: '询问：选择你所在地点的一个特征。如果招募员去过有这个特征的地点，就必须在其中一个放上足迹。询问{torches}。',
  a_note:
    '回答是“无法放置”：到现在为止，招募员去过的地点都没有{torches}。用心灵笔记记下这样的事实：点击 C7，写一条划掉{torches}的笔记。',
  a_activateHenry: '激活{henry}，这是本半轮的第二名特工。',
  a_moveHenry: '点击 D6。',
  a_askHenry: '询问{bookstore}。',
  a_answered:
    '招募员在 D6 放了一个足迹：他曾来过这里。然后他又移动了：07:00，红色警戒，公开 1 名新特工。点击“下一步”。',
  a_activateDusty: '新的半轮。激活{dusty}。',
  a_moveDusty: '把{dusty}移动 2 个地点到足迹处：点击 D6。',
  a_reveal: '揭露：站在足迹上时，揭露会把它换成写着到访时间的确定心灵笔记。点击“揭露”。',
  a_activateBill: '确定心灵笔记写着 4：招募员 04:00 在 D6。激活{bill}进行第二次激活。',
  a_moveBill: '点击 A5。',
  a_askBill: '询问{graffiti}。',
  a_round2: 'C6 出现了足迹，招募员又移动了（08:00）。新的一轮：每名特工都可以再次行动。激活{meru}。',
  a_moveMeru2: '点击足迹所在的 C6。',
  a_reveal2: '揭露它。',
  a_activateBill2: 'C6 是 05:00，D6 是 04:00：三小时后招募员离 C6 最多 3 个地点。激活{bill}。',
  a_moveBill2: '捕捉：移动到你认为招募员所在的地点。点击 B6。',
  a_capture: '捕捉！如果招募员在这里，反叛特工获胜；落空会公开宣布。点击“捕捉”。',
  a_captureConfirm: '捕捉无法撤销，所以牌桌会在执行前询问一次。点击“确认”。',
};

const ja: Strings = {
  title: 'チュートリアル',
  sideRecruiter: 'チュートリアル：採用官',
  sideAgents: 'チュートリアル：不正エージェント',
  progress: 'ステップ {n} / {total}',
  back: '戻る',
  restart: '最初から',
  exit: 'ロビーに戻る',
  next: '次へ',
  activate: '{agent}を起動',
  ask: '尋問：{feature}',
  reveal: '暴露',
  capture: '捕獲',
  time: '時刻 {time}',
  timeSetup: '準備',
  recruits: '公開された採用：{n} / {max}',
  yourCards: 'あなたの特徴物カード',
  theirCards: '採用官の特徴物カード',
  happened: '直前の出来事',
  clickCell: 'ボードの {loc} をクリックしてください。',
  clickButton: '「{label}」をクリックしてください。',
  refusedIllegal: 'できません：{reason}',
  refusedIllegalShort: 'ルール上ここではできません。{hint}',
  refusedNotNow: 'ルール上は可能ですが、このレッスンの手ではありません。{hint}',
  refusedBoard: 'このステップはボードではなくボタンを待っています。{hint}',
  refusedButton: 'このステップはボードのクリックを待っています。{hint}',
  doneRecruiter: 'レッスン完了：採用官として勝利しました。',
  doneAgents: 'レッスン完了：不正エージェントが採用官を捕獲しました。',
  playSolo: 'ロビーの「{solo}」で本番のゲームをどうぞ。',
  r_intro:
    'あなたはマインドMGMTの採用官。ザンジバルのどこかに潜んでいます。このトレーニングミッションは本物のルールで、台本どおりに動く不正エージェントと対戦します。「次へ」をクリック。',
  r_start:
    '秘密のスタート地点：出発するマスを選びます。フルゲームでは誰にも見えませんが、トレーニングミッションでは「1」と書いた緑色のノートトークンでエージェントに公開されます。D2 をクリック。',
  r_cards:
    '秘密の特徴物カードを3枚引きました：{billboard}、{coffee}、{umbrellas}。秘密の地図で丸が付いています。到着したマスの丸の付いた特徴物1つにつき採用1人と接触：D2 で既に2人です。「次へ」をクリック。',
  r_hidden1:
    '次に時刻2〜5の隠密行動を4回。あなたにしか見えません。まだ訪れていない上下左右の隣のマスへ移動します。寺院の C3 をクリック。',
  r_hidden2: '寺院へ出入りするときは斜めにも移動できます。B3 をクリック（{umbrellas}：採用+1）。',
  r_hidden3: 'B4 をクリック（{billboard}：採用+1）。',
  r_hidden4: 'B5 をクリック（{coffee}：採用+1）。4回目の隠密行動の後、01:00〜05:00の採用数が1つの数字で公開されます。',
  r_setupRevealed:
    '採用5が公開されました。エージェントは4人を外周のマスに置きました。公開された採用が9（トレーニング）になるか、時刻が14:00に達すれば勝利です。「次へ」をクリック。',
  r_timeTrack:
    '時間トラック：毎手番1回隠密行動をし、時間トークンが1時間進みます。今は06:00。B6 をクリック（{umbrellas}：採用+1、まだ非公開）。',
  r_answer:
    'ヘンリーが{umbrellas}について尋問しました。{umbrellas}のある訪問済みのマスに足跡トークンを置かなければなりません：B3 か B6、あなたが選びます。B6 は今いるマスなので、置けば居場所が知られます：B3 をクリック。',
  r_alert:
    '07:00は赤い警戒マス：到達すると06:00と07:00に接触した採用の数を1つの数字で公開します。C6 をクリック（丸の付いた特徴物なし）。',
  r_alertResult:
    '警戒で採用1が公開され、9のうち6になりました。エージェントは近づきましたが、見つけられません。「次へ」をクリック。',
  r_step8: '08:00の隠密行動：C7 をクリック（{billboard}：採用+1）。',
  r_win: '09:00も赤い警戒マス。D7 をクリック（{coffee}と{umbrellas}：+2）。警戒で3が公開され、採用9で勝利です。',
  a_intro:
    'あなたは4人の不正エージェント全員を動かします。採用官は C4 から出発し（トレーニングミッションでは「1」の緑色のノートトークンで公開）、4回隠密行動をしました。採用1が公開済み。見つけて捕獲しましょう。「次へ」をクリック。',
  a_placeMeru: 'エージェントをボードの外周のマスに置きます。B7 をクリックして{meru}を配置。',
  a_placeHenry: 'D7 をクリックして{henry}を配置。',
  a_placeBill: 'A4 をクリックして{bill}を配置。',
  a_placeDusty: 'F6 をクリックして{dusty}を配置。続いて採用官が隠密行動をします（06:00）。',
  a_activate: '半ラウンドごとにエージェント2人を1人ずつ起動します。{meru}を起動。',
  a_move:
    'エージェントの移動：上下左右に2マスまで（寺院への出入りは斜めも可）、その後アクション1つ。1回のクリックで移動します：C7 をクリック。',
  a_undo:
    'この移動では何も公開されていないので、盤面の下の「取り消す」で取り消せます（何かが公開されるか、起動が終わるまで）。「取り消す」をクリック。',
  a_moveAgain: '{meru}は B7 に戻り、起動したままです。もう一度 C7 をクリック。',
  a_ask:
    '尋問：今いるマスの特徴物を1つ選びます。採用官はその特徴物のある訪問済みのマスがあれば、そこに足跡トークンを置かなければなりません。{torches}を尋問。',
  a_note:
    '答えは「置けない」：今までに訪れたマスに{torches}はありません。こうした事実はノートトークンに残します：C7 をクリックして{torches}を消したノートを書きます。',
  a_activateHenry: 'この半ラウンドの2人目、{henry}を起動。',
  a_moveHenry: 'D6 をクリック。',
  a_askHenry: '{bookstore}を尋問。',
  a_answered:
    '採用官は D6 に足跡トークンを置きました：ここに来たことがあります。続いて07:00、赤い警戒で採用1が公開。「次へ」をクリック。',
  a_activateDusty: '新しい半ラウンド。{dusty}を起動。',
  a_moveDusty: '{dusty}を2マス動かして足跡トークンへ：D6 をクリック。',
  a_reveal:
    '暴露：足跡トークンの上で暴露すると、訪問時刻を書いた緑色のノートトークンに替わります。「暴露」をクリック。',
  a_activateBill: '緑色のノートトークンは4：採用官は04:00に D6 にいました。2回目の起動として{bill}を起動。',
  a_moveBill: 'A5 をクリック。',
  a_askBill: '{graffiti}を尋問。',
  a_round2:
    'C6 に足跡トークンが現れ、採用官が移動しました（08:00）。新しいラウンド：全員がまた行動できます。{meru}を起動。',
  a_moveMeru2: '足跡トークンのある C6 をクリック。',
  a_reveal2: '暴露しましょう。',
  a_activateBill2: 'C6 が05:00、D6 が04:00：3時間後の採用官は C6 から3マス以内です。{bill}を起動。',
  a_moveBill2: '捕獲：採用官がいると思うマスへ移動します。B6 をクリック。',
  a_capture: '捕獲！採用官がここにいればエージェントの勝利。外れは全員に公表されます。「捕獲」をクリック。',
  a_captureConfirm: '捕獲は取り消せないので、卓は実行の前に一度だけ確認します。「確定」をクリック。',
};

export const TUTORIAL_STRINGS: Readonly<Record<Lang, Strings>> = { en, zh, ja };

/** `{name}` placeholders: given params first, then feature and agent names from `names`. */
export function fill(
  text: string,
  params: Record<string, string | number>,
  names: (id: string) => string | null,
): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : (names(k) ?? m)));
}
