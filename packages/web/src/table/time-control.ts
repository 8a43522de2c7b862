// The time controls a table offers (docs/rules.md D13): real-time presets (a bank per seat plus
// an increment per turn), turn-based ones (a time per move), and the old per-move timer.
import type { LobbyInfo } from '@mindmgmt/table';
import type { useI18n } from '../i18n/lookup.js';

type T = ReturnType<typeof useI18n>['t'];
type TimeControl = NonNullable<LobbyInfo['options']['timeControl']>;
interface TimeOptions {
  readonly turnTimerSec: number | null;
  readonly timeControl?: TimeControl | null;
}

interface Choice {
  readonly options: TimeOptions;
  readonly label: (t: T) => string;
}

const realtime = (min: number, inc: number): Choice => ({
  options: { turnTimerSec: null, timeControl: { kind: 'realtime', bankSec: min * 60, incSec: inc } },
  label: (t) => t('tc_realtime', { min, inc }),
});
const perMove = (sec: number): Choice => ({
  options: { turnTimerSec: null, timeControl: { kind: 'move', sec } },
  label: (t) =>
    sec % 86400 === 0 && sec > 86400
      ? t('tc_days', { n: sec / 86400 })
      : sec % 3600 === 0
        ? t('tc_hours', { n: sec / 3600 })
        : t('tc_seconds', { n: sec }),
});
const timer = (sec: number): Choice => ({
  options: { turnTimerSec: sec, timeControl: null },
  label: (t) => t('tc_seconds', { n: sec }),
});

/** The create form's choices, by the value of its `timer` select. */
export const TIME_CHOICES: Readonly<Record<string, Choice>> = {
  off: { options: { turnTimerSec: null, timeControl: null }, label: (t) => t('tc_off') },
  'rt-5-20': realtime(5, 20),
  'rt-15-45': realtime(15, 45),
  'mv-12h': perMove(12 * 3600),
  'mv-24h': perMove(24 * 3600),
  'mv-3d': perMove(3 * 86400),
  '60': timer(60),
  '120': timer(120),
  '300': timer(300),
  '600': timer(600),
};

/** Which choice a table's options are (the old timer's seconds when not a preset). */
export function timeValue(o: TimeOptions): string {
  const tc = o.timeControl;
  if (tc?.kind === 'realtime') {
    const k = `rt-${tc.bankSec / 60}-${tc.incSec}`;
    return TIME_CHOICES[k] ? k : 'off';
  }
  if (tc?.kind === 'move') {
    const k = Object.keys(TIME_CHOICES).find(
      (x) =>
        TIME_CHOICES[x]!.options.timeControl?.kind === 'move' &&
        (TIME_CHOICES[x]!.options.timeControl as { sec: number }).sec === tc.sec,
    );
    return k ?? 'off';
  }
  if (o.turnTimerSec && TIME_CHOICES[String(o.turnTimerSec)]) return String(o.turnTimerSec);
  return 'off';
}

/** A bank as a clock shows it: m:ss, or h:mm:ss. */
export function clockText(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
