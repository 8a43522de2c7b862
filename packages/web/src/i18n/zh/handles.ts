// 用登录名（而不是玩家编号）在其他设备登录。
import type { HANDLES_EN } from '../en/handles.js';
import type { Section } from '../section.js';

export const HANDLES_ZH: Section<typeof HANDLES_EN> = {
  hd_handle: '登录名',
  hd_signInHint: '在别处已有档案？输入其登录名和密码：',
  hd_save: '保存登录名',
  hd_hint: '用登录名和密码可以在其他设备登录，你的牌桌也会一同出现在那里。登录名只有你自己看得到。',
  hd_none: '还没有登录名：请选一个，3 到 32 个字母、数字、点、连字符或下划线。',
};
