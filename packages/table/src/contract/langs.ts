// The languages a player may choose: the web's catalogues and the server's mails and push texts
// each have one per language here.

export const LANGS = ['en', 'zh', 'ja'] as const;
export type Lang = (typeof LANGS)[number];
