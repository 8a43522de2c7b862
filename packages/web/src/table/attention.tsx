// "Your turn", even in another tab: the tab title and a badge on the favicon,
// an optional sound, and a browser notification while the tab is hidden. Permission for
// notifications is asked only from the player's click, never on load.
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../i18n/lookup.js';
import { PACES, type Pace } from './pacing.js';

const icon = (badge: boolean) =>
  'data:image/svg+xml,' +
  encodeURIComponent(
    // the app icon's mark (public/icons/icon.svg), small
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#c92a2a"/>` +
      `<path d="M3 16 Q16 4 29 16 Q16 28 3 16 Z" fill="#fff"/><circle cx="16" cy="16" r="5" fill="#1d2b3a"/>` +
      (badge ? `<circle cx="25" cy="7" r="7" fill="#f59f00" stroke="#fff" stroke-width="2"/>` : '') +
      `</svg>`,
  );

function setFavicon(badge: boolean): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.href = icon(badge);
  link.dataset.badge = badge ? 'yes' : 'no';
}

function beep(): void {
  try {
    const ctx = new AudioContext();
    const o = ctx.createOscillator();
    const g = ctx.createGain();
    o.frequency.value = 660;
    g.gain.setValueAtTime(0.15, ctx.currentTime);
    g.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.35);
    o.connect(g).connect(ctx.destination);
    o.start();
    o.stop(ctx.currentTime + 0.36);
    o.onended = () => void ctx.close();
  } catch {
    /* no audio */
  }
}

const flag = (k: string) => {
  try {
    return localStorage.getItem(k) === 'on';
  } catch {
    return false;
  }
};
const setFlag = (k: string, on: boolean) => {
  try {
    localStorage.setItem(k, on ? 'on' : 'off');
  } catch {
    /* storage unavailable */
  }
};

/** The browser's notification permission (null without notifications). */
const permission = (): NotificationPermission | null =>
  typeof Notification === 'undefined' ? null : Notification.permission;

/**
 * Whether the player has blocked this site's notifications, read once and then kept up to date
 * by the browser's change event: reading `Notification.permission` asks the browser process
 * synchronously, and the table renders on every move.
 */
function useNotifyDenied(): [boolean, (d: boolean) => void] {
  const [denied, setDenied] = useState(() => permission() === 'denied');
  useEffect(() => {
    let status: PermissionStatus | null = null;
    let live = true;
    const update = () => setDenied(permission() === 'denied');
    navigator.permissions
      ?.query({ name: 'notifications' })
      .then((s) => {
        if (!live) return;
        status = s;
        s.addEventListener('change', update);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      status?.removeEventListener('change', update);
    };
  }, []);
  return [denied, setDenied];
}

export function useAttention(mine: boolean, over: boolean) {
  const { t } = useI18n();
  const [sound, setSound] = useState(() => flag('mm.sound'));
  const [notify, setNotify] = useState(() => flag('mm.notify'));
  const [denied, setDenied] = useNotifyDenied();
  const prev = useRef(false);
  useEffect(() => {
    const now = mine && !over;
    document.title = now ? `${t('titleMine')} — ${t('title')}` : t('title');
    setFavicon(now);
    if (now && !prev.current) {
      if (sound) beep();
      if (notify && document.hidden && permission() === 'granted')
        new Notification(t('title'), { body: t('notifyText'), tag: 'mm-turn' });
    }
    prev.current = now;
  }, [mine, over, t, sound, notify]);
  useEffect(
    () => () => {
      document.title = t('title');
      setFavicon(false);
    },
    [t],
  );
  return {
    sound,
    setSound: (on: boolean) => {
      setFlag('mm.sound', on);
      setSound(on);
      if (on) beep();
    },
    notify,
    /** The player has blocked notifications for this site (the box cannot be ticked). */
    denied,
    /** Called from a click: asks the browser's permission then (never on load). */
    setNotify: async (on: boolean) => {
      if (on && permission() !== null && permission() !== 'granted') {
        const answer = await Notification.requestPermission();
        on = answer === 'granted';
        setDenied(answer === 'denied');
      }
      setFlag('mm.notify', on);
      setNotify(on);
    },
  };
}

export function TableSettings({
  att,
  pace,
  setPace,
}: {
  att: ReturnType<typeof useAttention>;
  pace: Pace;
  setPace: (p: Pace) => void;
}) {
  const { t } = useI18n();
  const denied = att.denied;
  return (
    <section className="panel settings" aria-label={t('pace')}>
      <label className="check">
        {t('pace')}{' '}
        <select value={pace} onChange={(e) => setPace(e.target.value as Pace)} name="pace">
          {PACES.map((p) => (
            <option key={p} value={p}>
              {t(`pace_${p}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="check">
        <input type="checkbox" checked={att.sound} onChange={(e) => att.setSound(e.target.checked)} /> {t('sound')}
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={att.notify}
          disabled={denied}
          onChange={(e) => void att.setNotify(e.target.checked)}
        />{' '}
        {denied ? t('notifyDenied') : t('notify')}
      </label>
    </section>
  );
}
