// 轮到你时通知你——档案页上的通知开关。
import type { NOTIFY_EN } from '../en/notify.js';
import type { Section } from '../section.js';

export const NOTIFY_ZH: Section<typeof NOTIFY_EN> = {
  nt_title: '通知',
  nt_hint:
    '轮到你、有人加入你的牌桌、你的对局结束时，这台设备都会收到通知，即使标签页已关闭。通知只写牌桌名称，不含对局的其他内容。',
  nt_on: '在这台设备上开启通知',
  nt_off: '在这台设备上关闭通知',
  nt_isOn: '这台设备已开启通知。',
  nt_denied: '此浏览器屏蔽了本站的通知；请先在浏览器设置中允许。',
  nt_failed: '此浏览器无法开启通知。',
  nt_email: '接收通知的电子邮件地址',
  nt_emailSave: '保存地址',
  nt_emailPending: '请查收邮件：打开我们发到该地址的链接后，才会用它接收通知。',
  nt_emailVerified: '通知也会发到这个地址。每封邮件都附有退订链接。',
  nt_emailRemove: '删除地址',
};
