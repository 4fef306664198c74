import { Logo } from '~/components/ui/logo';
import { APP_USER_AGENT_MARK, SPLASH_SEEN_KEY } from '~/lib/webview';

/**
 * Runs in <head> before the first paint: skips the splash inside the app's web view (its user agent
 * carries the app's mark) or when this browser tab has already seen it.
 */
export const splashScript = `(function(){try{var d=document.documentElement;if(navigator.userAgent.indexOf('${APP_USER_AGENT_MARK}')>=0||sessionStorage.getItem('${SPLASH_SEEN_KEY}')==='1')d.classList.add('splash-skip');}catch(e){}})();`;

let hydrated = false;
let holds = 0;

function hideSplash() {
  document.documentElement.classList.add('splash-done');
  try {
    window.sessionStorage.setItem(SPLASH_SEEN_KEY, '1');
  } catch {
    // storage blocked: the splash simply shows again next time
  }
}

/** Called once the app has hydrated: hides the splash (unless a page still holds it) and remembers it for this tab. */
export function dismissSplash() {
  hydrated = true;
  if (holds === 0) hideSplash();
}

/**
 * Keeps the splash up while a page gets ready after hydration (the login screen's Firebase client);
 * call it from an effect, which runs before the root's. The returned function lets go (once).
 */
export function holdSplash(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    if (hydrated && holds === 0) hideSplash();
  };
}

/**
 * The splash (SPEC §2): "Build your tribe" / "Preparing your experience...". The session is read on
 * the server, so there is nothing to wait for except the app's JavaScript: it covers the first page
 * of a visit until hydration (see tailwind.css for the hide rules and the no-JavaScript fallback).
 */
export function Splash() {
  return (
    <div className="tribe-splash" aria-hidden="true" data-testid="splash">
      <div>
        <Logo showName={false} className="scale-[1.6]" />
      </div>
      <p>Build your tribe</p>
      <p>Preparing your experience...</p>
      <span />
    </div>
  );
}
