// What this browser keeps of its games and its player: the seat tokens of the tables it joined
// (each table's token is the only proof of its seat) and the name last typed.
export interface Saved {
  token: string;
  place: number;
  name: string;
  at: number;
}
const KEY = 'mm.games';
export function savedGames(): Record<string, Saved> {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, Saved>;
  } catch {
    return {};
  }
}
export function saveGame(id: string, s: Saved): void {
  localStorage.setItem(KEY, JSON.stringify({ ...savedGames(), [id]: s }));
}
export function forgetGame(id: string): void {
  const all = savedGames();
  delete all[id];
  localStorage.setItem(KEY, JSON.stringify(all));
}
export function playerName(): string {
  return localStorage.getItem('mm.name') ?? '';
}
export function setPlayerName(n: string): void {
  localStorage.setItem('mm.name', n);
}
