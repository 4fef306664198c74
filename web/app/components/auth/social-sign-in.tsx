import { useNavigation, useSubmit } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { holdSplash } from '~/components/layout/splash';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { GoogleIcon, PhoneIcon } from '~/components/ui/icons';
import type { FirebaseClientConfig } from '~/lib/config.server';
import type { FirebaseSignIn, SentCode } from '~/lib/firebase.client';
import { googleErrorMessage, sendCodeErrorMessage, verifyCodeErrorMessage } from '~/lib/phone-sign-in';
import { Messages } from '../../../../api/src/contracts/messages.js';
import { EmulatorGoogleSheet } from './emulator-google-sheet';
import { PhoneNumberSheet, VerificationCodeSheet } from './phone-sign-in-sheets';

/** The splash waits at most this long for the Firebase client (then the buttons say it is still loading). */
const SPLASH_HOLD_MS = 8_000;

export const FIREBASE_INIT_FAILED = 'Failed to initialize authentication';

type Sheet = 'google' | 'phone' | 'code' | null;
type Client = { state: 'loading' } | { state: 'ready'; firebase: FirebaseSignIn } | { state: 'failed'; reason: string };

/** Loads the Firebase client once the login screen is in the browser, holding the splash meanwhile. */
function useFirebaseClient(config: FirebaseClientConfig): Client {
  const [client, setClient] = useState<Client>(config.available ? { state: 'loading' } : { state: 'failed', reason: config.reason });
  useEffect(() => {
    if (!config.available) return;
    const release = holdSplash();
    const deadline = window.setTimeout(release, SPLASH_HOLD_MS);
    let started: FirebaseSignIn | null = null;
    let cancelled = false;
    import('~/lib/firebase.client')
      .then(({ startFirebaseSignIn }) => {
        started = startFirebaseSignIn(config);
        if (!cancelled) setClient({ state: 'ready', firebase: started });
      })
      .catch(() => !cancelled && setClient({ state: 'failed', reason: FIREBASE_INIT_FAILED }))
      .finally(() => {
        window.clearTimeout(deadline);
        release();
      });
    return () => {
      cancelled = true;
      release();
      void started?.dispose();
    };
    // The config comes from the loader once per visit of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [config.available]);
  return client;
}

/**
 * "Continue with Google" and "Continue with mobile" (SPEC §2, §4, §5): Firebase proves who the person
 * is in the browser, then the ID token is posted to this page's action, which exchanges it with the
 * API for our session cookie and sends them on (/signup to finish a new profile, returnTo, or /admin).
 */
export function SocialSignIn({
  config,
  termsAccepted,
  returnTo,
  serverError,
}: {
  config: FirebaseClientConfig;
  termsAccepted: () => boolean;
  returnTo: string;
  serverError: string | null;
}) {
  const client = useFirebaseClient(config);
  const submit = useSubmit();
  const navigation = useNavigation();
  const [sheet, setSheet] = useState<Sheet>(null);
  const [error, setError] = useState<string | null>(null);
  const [googleBusy, setGoogleBusy] = useState(false);
  const [phone, setPhone] = useState({ typed: '', national: '' });
  const sent = useRef<SentCode | null>(null);
  const recaptcha = useRef<HTMLDivElement>(null);
  const exchanging = navigation.state !== 'idle' && ['google', 'phone'].includes(String(navigation.formData?.get('intent')));

  useEffect(() => setError(serverError), [serverError]);

  const firebase = client.state === 'ready' ? client.firebase : null;
  const unavailable = client.state === 'failed' ? client.reason : null;

  /** Our own sign-in: the action exchanges the ID token and redirects. */
  const exchange = (intent: 'google' | 'phone', fields: Record<string, string>) => {
    setSheet(null);
    submit({ intent, returnTo, terms: 'on', ...fields }, { method: 'post', replace: true });
    void firebase?.signOut();
  };

  const start = (method: 'google' | 'phone') => {
    setError(null);
    if (!termsAccepted()) return setError(Messages.auth.acceptTerms);
    if (!firebase) return;
    if (method === 'phone') return setSheet('phone');
    if (firebase.emulator) return setSheet('google');
    setGoogleBusy(true);
    // Opened straight from the click, or the browser blocks the popup.
    firebase
      .googlePopup()
      .then((idToken) => exchange('google', { id_token: idToken }))
      .catch((failure: unknown) => setError(googleErrorMessage(failure)))
      .finally(() => setGoogleBusy(false));
  };

  const chooseTestAccount = async (account: { email: string; name: string }): Promise<string | null> => {
    try {
      exchange('google', { id_token: await firebase!.googleTestAccount(account) });
      return null;
    } catch (failure) {
      return googleErrorMessage(failure);
    }
  };

  const sendCode = async (number: { national: string; e164: string; typed: string }): Promise<string | null> => {
    const counted = await fetch('/resources/otp-attempt', { method: 'POST', body: new URLSearchParams({ mobile_number: number.national }) })
      .then(async (response) => (response.ok ? null : ((await response.json()) as { error?: string }).error || Messages.otp.sendFailed))
      .catch(() => Messages.generic.network);
    if (counted) return counted;
    try {
      sent.current = await firebase!.sendCode(number.e164, recaptcha.current!);
    } catch (failure) {
      return sendCodeErrorMessage(failure);
    }
    setPhone({ typed: number.typed, national: number.national });
    setSheet('code');
    return null;
  };

  const verifyCode = async (code: string): Promise<string | null> => {
    if (!sent.current) return Messages.otp.sessionExpired;
    let idToken: string;
    try {
      idToken = await sent.current.confirm(code);
    } catch (failure) {
      return verifyCodeErrorMessage(failure);
    }
    exchange('phone', { id_token: idToken, mobile_number: phone.national });
    return null;
  };

  const loading = client.state === 'loading';
  return (
    <div className="space-y-3">
      <MethodButton
        icon={<GoogleIcon size={20} />}
        label="Continue with Google"
        onClick={() => start('google')}
        busy={googleBusy || (exchanging && navigation.formData?.get('intent') === 'google')}
        disabled={loading || unavailable !== null}
      />
      <MethodButton
        icon={<PhoneIcon size={20} />}
        label="Continue with mobile"
        onClick={() => start('phone')}
        busy={exchanging && navigation.formData?.get('intent') === 'phone'}
        disabled={loading || unavailable !== null}
      />
      {unavailable ? <p className="text-center text-xs text-slate-500">{unavailable}</p> : null}
      {loading ? <p className="text-center text-xs text-slate-500">Preparing Google and mobile sign-in...</p> : null}
      {error ? <Alert>{error}</Alert> : null}
      <div ref={recaptcha} />

      {firebase?.emulator ? (
        <EmulatorGoogleSheet open={sheet === 'google'} onClose={() => setSheet(null)} onChoose={chooseTestAccount} />
      ) : null}
      <PhoneNumberSheet
        key={`phone-${sheet === 'phone'}`}
        open={sheet === 'phone'}
        initialNumber={phone.typed}
        onClose={() => setSheet(null)}
        onSend={sendCode}
      />
      <VerificationCodeSheet
        key={`code-${phone.national}-${sheet === 'code'}`}
        open={sheet === 'code'}
        national={phone.national}
        onClose={() => setSheet(null)}
        onBack={() => setSheet('phone')}
        onVerify={verifyCode}
      />
    </div>
  );
}

function MethodButton({
  icon,
  label,
  onClick,
  busy,
  disabled,
}: {
  icon: React.ReactNode;
  label: string;
  onClick: () => void;
  busy: boolean;
  disabled: boolean;
}) {
  return (
    <Button variant="outline" size="lg" fullWidth onClick={onClick} loading={busy} disabled={disabled}>
      {icon}
      {label}
    </Button>
  );
}
