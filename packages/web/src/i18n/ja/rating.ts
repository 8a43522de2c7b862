import type { Section } from '../section.js';
import type { RATING_EN } from '../en/rating.js';

export const RATING_JA: Section<typeof RATING_EN> = {
  rt_label: 'レート',
  rt_rated: 'レート対局',
  rt_casual: 'カジュアル（レートなし）',
  rt_note: '不正エージェントの最初の手番より前に終わった対局は、レートに数えません。',
  rt_casualTable: 'カジュアル対局：誰のレーティングも変わりません。',
  rt_provisional: '暫定：レート対局がまだ少なく、レーティングが定まっていません。',
  rt_boardProvisional:
    '暫定レーティング（偏差が {rd} を超えるもの）はプロフィールで「?」と表示され、ランキングには載りません。',
  rt_level: '{level}（レーティング約 {rating}）',
};
