import type { Section } from '../section.js';
import type { LOBBYERRORS_EN } from '../en/lobbyerrors.js';

export const LOBBYERRORS_JA: Section<typeof LOBBYERRORS_EN> = {
  le_too_many_bot_games:
    'ボットとの対局が、サーバーの上限（あなた、あなたのアドレス、またはあなたのネットワークごと）に達しています。どれかを終えるか投了してから、もう一度お試しください。',
  le_bots_busy: 'このサーバーのボットの席は現在すべて使用中です。数分後にもう一度お試しください。',
};
