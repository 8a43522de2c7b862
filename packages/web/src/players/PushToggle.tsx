// This device's opt-in for notifications, on the profile page. Shown only where the
// browser can take pushes and the app's service worker is registered (a build served by our
// server); permission is asked only from the click, never on load.
import { useEffect, useState } from 'react';
import type { PushSubscribeRequest, PushUnsubscribeRequest } from '@mindmgmt/table';
import { call } from '../net/http.js';
import { useI18n } from '../i18n/lookup.js';

/** The worker's registration when this browser can take pushes, else null. */
async function pushRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

function keyBytes(b64url: string): Uint8Array<ArrayBuffer> {
  const b64 = b64url.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export function PushToggle() {
  const { t, lang } = useI18n();
  const [reg, setReg] = useState<ServiceWorkerRegistration | null>(null);
  const [on, setOn] = useState(false);
  const [err, setErr] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void pushRegistration().then(async (r) => {
      if (!live || !r) return;
      setReg(r);
      setOn((await r.pushManager.getSubscription()) !== null);
    });
    return () => {
      live = false;
    };
  }, []);
  if (!reg) return null;

  const turnOn = async () => {
    if ((await Notification.requestPermission()) !== 'granted') throw new Error(t('nt_denied'));
    const { key } = await call<{ key: string }>('GET', '/api/push/key');
    let sub: PushSubscription;
    try {
      sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
    } catch {
      throw new Error(t('nt_failed'));
    }
    const j = sub.toJSON();
    await call('POST', '/api/me/push', {
      endpoint: j.endpoint ?? '',
      keys: { p256dh: j.keys?.p256dh ?? '', auth: j.keys?.auth ?? '' },
      lang,
    } satisfies PushSubscribeRequest);
  };
  const turnOff = async () => {
    const sub = await reg.pushManager.getSubscription();
    if (!sub) return;
    await call('DELETE', '/api/me/push', { endpoint: sub.endpoint } satisfies PushUnsubscribeRequest);
    await sub.unsubscribe();
  };
  const click = async () => {
    setErr(null);
    setBusy(true);
    try {
      await (on ? turnOff() : turnOn());
      setOn(!on);
    } catch (e) {
      setErr((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="notify" role="group" aria-label={t('nt_title')}>
      <h3>{t('nt_title')}</h3>
      <p className="muted">{t('nt_hint')}</p>
      {on ? <p role="status">{t('nt_isOn')}</p> : null}
      <button type="button" disabled={busy} onClick={() => void click()}>
        {on ? t('nt_off') : t('nt_on')}
      </button>
      {err ? <p role="alert">{err}</p> : null}
    </div>
  );
}
