// The optional e-mail address for notifications, on the profile page. Shown only
// when the server sends e-mail (GET /api/me/email says `enabled`: the operator set SMTP_URL).
import { useEffect, useState } from 'react';
import { call } from '../net/http.js';
import { useI18n } from '../i18n/lookup.js';
import { EMAIL_MAX, type SetEmailRequest } from '@mindmgmt/table';

interface EmailState {
  enabled: boolean;
  address: string | null;
  verified?: boolean;
}

export function EmailNotify() {
  const { t, lang } = useI18n();
  const [state, setState] = useState<EmailState | null>(null);
  const [address, setAddress] = useState('');
  const [err, setErr] = useState<string | null>(null);
  const [rev, setRev] = useState(0);
  useEffect(() => {
    let live = true;
    call<EmailState>('GET', '/api/me/email').then(
      (s) => {
        if (!live) return;
        setState(s);
        setAddress(s.address ?? '');
      },
      () => live && setState(null),
    );
    return () => {
      live = false;
    };
  }, [rev]);
  if (!state?.enabled) return null;
  const run = (f: () => Promise<unknown>) => async () => {
    setErr(null);
    try {
      await f();
      setRev((r) => r + 1);
    } catch (e) {
      setErr((e as Error).message);
    }
  };
  return (
    <form
      className="notify-email"
      onSubmit={(e) => {
        e.preventDefault();
        void run(() => call('PUT', '/api/me/email', { address: address.trim(), lang } satisfies SetEmailRequest))();
      }}
    >
      <label className="field">
        {t('nt_email')}
        <input
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
        />
      </label>
      <button type="submit">{t('nt_emailSave')}</button>
      {state.address ? (
        <>
          <p role="status">{state.verified ? t('nt_emailVerified') : t('nt_emailPending')}</p>
          <button type="button" onClick={() => void run(() => call('DELETE', '/api/me/email'))()}>
            {t('nt_emailRemove')}
          </button>
        </>
      ) : null}
      {err ? <p role="alert">{err}</p> : null}
    </form>
  );
}
