import { isWebViewQuery, mayReload, RELOAD_GUARD_MS, renderErrorReport } from './webview';

describe('web view and crash handling', () => {
  it('recognises the web view query flag', () => {
    expect(isWebViewQuery('?webview=1')).toBe(true);
    expect(isWebViewQuery('?a=b&webview=true')).toBe(true);
    expect(isWebViewQuery('?webview=0')).toBe(false);
    expect(isWebViewQuery('')).toBe(false);
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
