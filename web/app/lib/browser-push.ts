/**
 * This browser's side of push notifications: the service worker at /sw.js and the push
 * subscription the Settings switch makes. Browser only; every function is safe to call where
 * service workers or push are missing (it then does nothing or answers "unsupported").
 */
import { applicationServerKeyFrom } from './notifications';

export const SERVICE_WORKER_PATH = '/sw.js';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The service worker already registered for the whole site, if any. */
async function existingRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  return (await navigator.serviceWorker.getRegistration('/')) ?? null;
}

/** Registers (or refreshes) /sw.js and waits until it is active. */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** The push subscription this browser holds for Tribe, or null. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await existingRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/** Subscribes this browser with the server's VAPID public key (permission must be granted first). */
export async function subscribe(webPushPublicKey: string): Promise<PushSubscription> {
  const registration = await registerServiceWorker();
  const existing = await registration.pushManager.getSubscription();
  if (existing) return existing;
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKeyFrom(webPushPublicKey) });
}

/**
 * When browser notifications were turned on before, the service worker is registered again on load,
 * so a newer /sw.js replaces the old one. Nothing is registered for anyone who never turned them on.
 */
export async function refreshServiceWorker(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  if (await existingRegistration()) await navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: '/' });
}

/**
 * On each signed-in load, a subscription this browser holds is registered again for whoever is
 * signed in now (the API moves a known endpoint to the caller). Else a browser shared after a
 * session ended without a logout kept showing the last person's pushes to the next one, and a
 * device the API forgot (a password changed elsewhere) stayed "On" here with nothing arriving.
 */
export async function registerKeptSubscription(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const subscription = await currentSubscription();
  if (!subscription) return;
  const body = new URLSearchParams({ intent: 'subscribe', subscription: JSON.stringify(subscription.toJSON()) });
  await fetch('/resources/notifications', { method: 'POST', headers: { Accept: 'application/json' }, body });
}

/**
 * Logout: this browser stops receiving the person's pushes (the API has already forgotten the
 * device of the session that ended; this drops the browser's own subscription too).
 */
export async function dropSubscription(): Promise<void> {
  const subscription = await currentSubscription();
  await subscription?.unsubscribe();
}
