import pg from 'pg';
import sharp from 'sharp';
import { startStack, type Stack } from '../support/servers.js';
import { waitUntil } from '../support/poll.js';

/** The API and the workers as real processes: DELETE /users/me → outbox → relay → BullMQ → erase job. */
describe('account deletion workflow', () => {
  let stack: Stack;
  let db: pg.Pool;

  const call = async (path: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
    const response = await fetch(`${stack.apiUrl}/api/v1${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };

  beforeAll(async () => {
    stack = await startStack({ web: false });
    db = new pg.Pool({ connectionString: stack.config.DATABASE_URL, max: 2 });
    db.on('error', () => undefined);
  });

  afterAll(async () => {
    await db?.end();
    await stack?.stop();
  });

  it('erases personal data, keeps the row for financial records, and blocks sign-in', async () => {
    const email = `delete.me.${Date.now()}@example.in`;
    const registered = await call('/auth/register', {
      method: 'POST',
      body: {
        email,
        password: 'a-good-password',
        name: 'Priya Sharma',
        age: 29,
        gender: 'female',
        mobile_number: '9812345678',
        bio: 'Loves treks',
      },
    });
    expect(registered.status).toBe(201);
    const { token, user } = registered.body;
    // A verified host: the event they make below is listed at once, without waiting for review.
    await db.query('UPDATE users SET verified = true, verified_at = now() WHERE id = $1', [user.id]);

    const photo = new FormData();
    photo.append(
      'image',
      new Blob(
        [
          await sharp({ create: { width: 64, height: 64, channels: 3, background: '#4f46e5' } })
            .png()
            .toBuffer(),
        ],
        { type: 'image/png' },
      ),
      'me.png',
    );
    const uploaded = await fetch(`${stack.apiUrl}/api/v1/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: photo,
    });
    expect(uploaded.status).toBe(201);
    const avatar = (await uploaded.json()) as { id: string; url: string };
    expect((await call('/users/me', { method: 'PUT', token, body: { avatar_url: avatar.url } })).status).toBe(200);
    expect((await fetch(avatar.url)).status).toBe(200);

    const hosted = await call('/events', {
      method: 'POST',
      token,
      body: {
        title: 'Sunrise trek',
        date: '2031-02-01T05:30:00+05:30',
        location: 'Lonavala, Pune',
        host_contact_number: '9812345678',
        host_social_link: 'https://instagram.com/priya.treks',
      },
    });
    expect(hosted.status).toBe(201);
    // A past event stays as history after the account goes.
    await db.query(`UPDATE event SET date = now() - interval '30 days' WHERE id = $1`, [hosted.body.id]);

    const hostNameListed = async () => {
      const listed = await call('/events/public/filter');
      return (listed.body.data as Array<{ id: string; host: { name: string } }>).find((event) => event.id === hosted.body.id)?.host.name;
    };
    expect(await hostNameListed()).toBe('Priya Sharma');

    const deleted = await call('/users/me', { method: 'DELETE', token });
    expect(deleted).toEqual({ status: 200, body: { ok: true } });
    // Read again before the erase job runs, so the API caches the page with the old name.
    await hostNameListed();

    const erased = await waitUntil(async () => {
      const { rows } = await db.query('SELECT * FROM users WHERE id = $1 AND erased_at IS NOT NULL', [user.id]);
      return rows[0] as Record<string, unknown> | undefined;
    }, 'the erase job to finish');
    expect(erased).toMatchObject({ name: 'Deleted user', email: null, mobile_number: null, bio: null, age: null, password_hash: null });

    // The worker tells the API its cached lists changed: the name goes at once, not when the cache expires.
    await waitUntil(async () => (await hostNameListed()) === 'Deleted user', 'the public list to drop the name', 5_000);

    const { rows: history } = await db.query('SELECT title, status, host_contact_number, host_social_link FROM event WHERE id = $1', [
      hosted.body.id,
    ]);
    expect(history).toEqual([{ title: 'Sunrise trek', status: 'active', host_contact_number: null, host_social_link: null }]);

    const { rows: outbox } = await db.query("SELECT type, published_at FROM outbox_event WHERE payload->>'userId' = $1", [user.id]);
    expect(outbox).toHaveLength(1);
    expect(outbox[0].published_at).not.toBeNull();

    const uploadsLeft = await waitUntil(async () => {
      const { rows } = await db.query('SELECT count(*)::int AS count FROM media WHERE owner_id = $1', [user.id]);
      return rows[0].count === 0 ? rows : undefined;
    }, 'the uploads to be erased');
    expect(uploadsLeft).toEqual([{ count: 0 }]);
    expect((await fetch(avatar.url)).status).toBe(404);

    const { rows: sessions } = await db.query('SELECT 1 FROM session WHERE user_id = $1', [user.id]);
    expect(sessions).toHaveLength(0);

    const login = await call('/auth/login', { method: 'POST', body: { email, password: 'a-good-password' } });
    expect(login.status).toBe(401);
    expect((await call(`/users/${user.id}`, { token })).status).toBe(401);
  });

  it('stops the workers cleanly on SIGTERM', async () => {
    const workers = stack.processes.workers!;
    const code = await workers.stop();
    expect(code).toBe(0);
    expect(workers.output()).toContain('shut down cleanly');
  });
});
