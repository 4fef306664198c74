import { parseConfig } from '../../config/config.schema.js';
import { createStorage } from './storage.module.js';

const configOf = (env: Record<string, string>) => parseConfig({ NODE_ENV: 'test', ...env });

describe('createStorage (local disk)', () => {
  it('makes public URLs on PUBLIC_FILES_URL, a host of their own, when it is set', () => {
    const config = configOf({ PUBLIC_API_URL: 'https://api.tribe.example', PUBLIC_FILES_URL: 'https://files.tribe-usercontent.example' });
    expect(createStorage(config).publicUrl('ab12.png')).toBe('https://files.tribe-usercontent.example/api/v1/upload/files/ab12.png');
  });

  it('falls back to PUBLIC_API_URL, then to localhost at API_PORT', () => {
    const config = configOf({ PUBLIC_API_URL: 'https://api.tribe.example/' });
    expect(config.PUBLIC_FILES_URL).toBe('https://api.tribe.example/');
    expect(createStorage(config).publicUrl('ab12.png')).toBe('https://api.tribe.example/api/v1/upload/files/ab12.png');
    expect(createStorage(configOf({ API_PORT: '4100' })).publicUrl('ab12.png')).toBe('http://localhost:4100/api/v1/upload/files/ab12.png');
  });
});
