/**
 * The browser's Firebase Authentication (loaded on /login only, when Google or phone sign-in starts).
 * It only proves who someone is: the ID token goes to our server, which signs them in with our own
 * session cookie. Nothing is kept in the browser (in-memory persistence), and Firebase is signed out
 * again once the token is handed over.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserPopupRedirectResolver,
  connectAuthEmulator,
  GoogleAuthProvider,
  initializeAuth,
  inMemoryPersistence,
  RecaptchaVerifier,
  signInWithCredential,
  signInWithPhoneNumber,
  signInWithPopup,
  signOut,
  type Auth,
  type ConfirmationResult,
} from 'firebase/auth';

export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** http://host:port of the Auth emulator, or null in production. */
  emulatorUrl: string | null;
}

/** A code sent to a number: confirming it gives the ID token. */
export interface SentCode {
  confirm: (code: string) => Promise<string>;
}

export interface FirebaseSignIn {
  /** The emulator cannot open Google's popup offline (it loads Google's scripts): a test account is chosen instead. */
  readonly emulator: boolean;
  /** Google's popup (production): the ID token of the chosen account. */
  googlePopup: () => Promise<string>;
  /** The emulator's Google sign-in for a test account (the emulator accepts an unsigned Google token). */
  googleTestAccount: (account: { email: string; name: string }) => Promise<string>;
  /** Sends a code to +91XXXXXXXXXX, behind an invisible reCAPTCHA in `container`. */
  sendCode: (e164: string, container: HTMLElement) => Promise<SentCode>;
  /** Forgets the Firebase sign-in (ours is the session cookie). */
  signOut: () => Promise<void>;
  dispose: () => Promise<void>;
}

let appCount = 0;

export function startFirebaseSignIn(config: FirebaseWebConfig): FirebaseSignIn {
  // A name of its own each time: a remounted login screen must not reuse a disposed app.
  const app: FirebaseApp = initializeApp(
    { apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId },
    `tribe-login-${++appCount}`,
  );
  const auth: Auth = initializeAuth(app, { persistence: inMemoryPersistence, popupRedirectResolver: browserPopupRedirectResolver });
  const emulator = config.emulatorUrl !== null;
  if (emulator) {
    connectAuthEmulator(auth, config.emulatorUrl!, { disableWarnings: true });
    // The emulator sends no SMS and checks no reCAPTCHA; the SDK must not ask Google for one either.
    auth.settings.appVerificationDisabledForTesting = true;
  }
  let verifier: RecaptchaVerifier | null = null;

  const tokenOf = async (credential: { user: { getIdToken: () => Promise<string> } }) => credential.user.getIdToken();

  return {
    emulator,
    googlePopup: async () => tokenOf(await signInWithPopup(auth, new GoogleAuthProvider())),
    googleTestAccount: async ({ email, name }) => {
      const claims = { sub: `emulator-${email}`, email, email_verified: true, name };
      return tokenOf(await signInWithCredential(auth, GoogleAuthProvider.credential(JSON.stringify(claims))));
    },
    sendCode: async (e164, container) => {
      // A verifier answers once: each send (a resend too) gets a fresh one.
      verifier?.clear();
      verifier = new RecaptchaVerifier(auth, container, { size: 'invisible' });
      const confirmation: ConfirmationResult = await signInWithPhoneNumber(auth, e164, verifier);
      return { confirm: async (code) => tokenOf(await confirmation.confirm(code)) };
    },
    signOut: () => signOut(auth),
    dispose: async () => {
      verifier?.clear();
      await deleteApp(app);
    },
  };
}
