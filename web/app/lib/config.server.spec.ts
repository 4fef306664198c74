import { FIREBASE_NOT_CONFIGURED, firebaseCspSources, parseWebConfig } from './config.server';

const SECRET = 'a-long-random-session-secret-0123456789';

describe('parseWebConfig', () => {
  it('on a laptop: the web’s own addresses on WEB_PORT, a cookie without Secure, timeouts', () => {
    const config = parseWebConfig({ WEB_PORT: '4000' });
    expect(config.WEB_ORIGINS).toEqual(['http://localhost:4000', 'http://127.0.0.1:4000']);
    expect(config.COOKIE_SECURE).toBe(false);
    expect(config.API_TIMEOUT_MS).toBe(10_000);
    expect(config.API_UPLOAD_TIMEOUT_MS).toBe(600_000);
  });

  it('in production the cookie is Secure unless told otherwise', () => {
    expect(parseWebConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, WEB_ORIGINS: 'https://tribe.example' }).COOKIE_SECURE).toBe(
      true,
    );
    expect(parseWebConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, COOKIE_SECURE: '' }).COOKIE_SECURE).toBe(true);
    expect(parseWebConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, COOKIE_SECURE: 'false' }).COOKIE_SECURE).toBe(false);
  });

  it('refuses to run production over plain HTTP with a Secure cookie, and says what to do', () => {
    const run = () =>
      parseWebConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, WEB_ORIGINS: 'https://tribe.example, http://tribe.example' });
    expect(run).toThrow('WEB_ORIGINS lists http://tribe.example over plain HTTP');
    expect(run).toThrow('set COOKIE_SECURE=false to run over plain HTTP knowingly');
    // Browsers keep Secure cookies on loopback addresses, so `npm start` and docker compose on one machine work.
    expect(parseWebConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET }).WEB_ORIGINS).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
    ]);
  });

  it('reads WEB_ORIGINS as origins and refuses what is not one', () => {
    expect(parseWebConfig({ WEB_ORIGINS: 'https://Tribe.example:443/, https://www.tribe.example' }).WEB_ORIGINS).toEqual([
      'https://tribe.example',
      'https://www.tribe.example',
    ]);
    expect(() => parseWebConfig({ WEB_ORIGINS: 'tribe.example' })).toThrow('WEB_ORIGINS: "tribe.example" is not an address');
    expect(() => parseWebConfig({ WEB_ORIGINS: 'https://tribe.example/app' })).toThrow('is not an origin');
  });

  it('still requires a session secret in production', () => {
    expect(() => parseWebConfig({ NODE_ENV: 'production', WEB_ORIGINS: 'https://tribe.example' })).toThrow('SESSION_SECRET must be set');
  });

  it('allows the checkout of the API’s payment provider: its sandbox by default, Razorpay’s with razorpay, or what CHECKOUT_ORIGINS lists', () => {
    expect(parseWebConfig({}).CHECKOUT_ORIGINS).toEqual(['http://localhost:3001']);
    expect(parseWebConfig({ API_PORT: '3101' }).CHECKOUT_ORIGINS).toEqual(['http://localhost:3101']);
    expect(parseWebConfig({ PUBLIC_API_URL: 'https://api.tribe.example/base' }).CHECKOUT_ORIGINS).toEqual(['https://api.tribe.example']);
    expect(parseWebConfig({ PAYMENT_PROVIDER: 'razorpay' }).CHECKOUT_ORIGINS).toEqual([
      'https://checkout.razorpay.com',
      'https://api.razorpay.com',
    ]);
    expect(
      parseWebConfig({ PAYMENT_PROVIDER: 'razorpay', CHECKOUT_ORIGINS: 'https://pay.example, https://pay.example:443' }).CHECKOUT_ORIGINS,
    ).toEqual(['https://pay.example']);
    expect(() => parseWebConfig({ CHECKOUT_ORIGINS: 'https://pay.example/checkout.js' })).toThrow(
      'CHECKOUT_ORIGINS: "https://pay.example/checkout.js" is not an origin',
    );
  });

  describe('Google and phone sign-in (Firebase)', () => {
    it('uses the emulator npm start names, with any key, for a demo project', () => {
      expect(parseWebConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).FIREBASE).toEqual({
        available: true,
        apiKey: 'emulator-api-key',
        authDomain: 'demo-tribe.firebaseapp.com',
        projectId: 'demo-tribe',
        emulatorUrl: 'http://127.0.0.1:9099',
      });
    });

    it('is off, saying so, for a demo project without an emulator or a real one without its web key', () => {
      expect(parseWebConfig({}).FIREBASE).toEqual({ available: false, reason: FIREBASE_NOT_CONFIGURED });
      expect(parseWebConfig({ FIREBASE_PROJECT_ID: 'tribe-prod' }).FIREBASE).toEqual({ available: false, reason: FIREBASE_NOT_CONFIGURED });
    });

    it('shows why npm start could not start the emulator', () => {
      const config = parseWebConfig({ FIREBASE_AUTH_EMULATOR_HOST: '', FIREBASE_SIGN_IN_UNAVAILABLE: 'The emulator did not start.' });
      expect(config.FIREBASE).toEqual({ available: false, reason: 'The emulator did not start.' });
    });

    it('with a real project: its public key and auth domain, and what the CSP must allow for Google’s popup and reCAPTCHA', () => {
      const config = parseWebConfig({
        FIREBASE_PROJECT_ID: 'tribe-prod',
        FIREBASE_API_KEY: 'AIza-public',
        FIREBASE_AUTH_DOMAIN: 'auth.tribe.example',
      });
      expect(config.FIREBASE).toEqual({
        available: true,
        apiKey: 'AIza-public',
        authDomain: 'auth.tribe.example',
        projectId: 'tribe-prod',
        emulatorUrl: null,
      });
      const csp = firebaseCspSources(config.FIREBASE);
      expect(csp.scripts).toContain('https://apis.google.com');
      expect(csp.frames).toContain('https://auth.tribe.example');
      expect(firebaseCspSources(parseWebConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).FIREBASE)).toEqual({
        scripts: [],
        frames: [],
      });
    });
  });
});
