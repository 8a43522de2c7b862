import type { Section } from '../section.js';
import type { LOBBYERRORS_EN } from '../en/lobbyerrors.js';

export const LOBBYERRORS_ZH: Section<typeof LOBBYERRORS_EN> = {
  le_too_many_bot_games:
    '你（或你的地址、你的网络）正在进行的电脑对局已达服务器允许的上限。请先结束或认输一局，然后再试。',
  le_bots_busy: '本服务器的电脑座位目前已全部占用。请过几分钟再试。',
};
