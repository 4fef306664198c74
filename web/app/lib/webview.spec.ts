import { isAppUserAgent, mayReload, RELOAD_GUARD_MS, renderErrorReport } from './webview';

describe('web view and crash handling', () => {
  it('recognises the app’s web view by the mark in its user agent, and nothing else', () => {
    expect(
      isAppUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A; wv) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36 TribeApp/2.3.0',
      ),
    ).toBe(true);
    expect(isAppUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36')).toBe(false);
    expect(isAppUserAgent(null)).toBe(false);
  });

  it('reports render errors with type, message and timestamp', () => {
    const now = new Date('2025-11-21T10:00:00Z');
    expect(renderErrorReport(new Error('boom'), now)).toEqual({
      type: 'render_error',
      message: 'boom',
      timestamp: '2025-11-21T10:00:00.000Z',
    });
    expect(renderErrorReport('plain', now).message).toBe('plain');
    expect(renderErrorReport({}, now).message).toBe('Unknown error');
  });

  it('reloads after a crash at most once in the guard window', () => {
    expect(mayReload(null, 1_000_000)).toBe(true);
    expect(mayReload(1_000_000 - 1_000, 1_000_000)).toBe(false);
    expect(mayReload(1_000_000 - RELOAD_GUARD_MS - 1, 1_000_000)).toBe(true);
  });
});
