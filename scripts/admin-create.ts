import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { APP_ENTITIES } from '../api/src/app.entities.js';
import { hashPassword } from '../api/src/modules/auth/password.js';
import { UsersRepository } from '../api/src/modules/users/users.repository.js';
import { parseConfig } from '../api/src/platform/config/config.schema.js';
import { dataSourceOptions } from '../api/src/platform/database/data-source-options.js';

/**
 * `npm run admin:create -- <email> [--support]`: makes an existing account an admin, or creates one
 * with a random one-time password printed once. There is never a default admin password. With
 * `--support` the account gets the support permission alone (the job queue pages, nothing else of
 * the admin area), not the admin role.
 */
const args = process.argv.slice(2);
const supportOnly = args.includes('--support');
const email = z.email().safeParse(
  args
    .find((arg) => !arg.startsWith('--'))
    ?.trim()
    .toLowerCase(),
);
if (!email.success || args.some((arg) => arg.startsWith('--') && arg !== '--support')) {
  console.error('Usage: npm run admin:create -- <email> [--support]');
  process.exit(2);
}

const permissions = supportOnly
  ? { approve_events: false, delete_events: false, verify_influencers: false, support: true }
  : { approve_events: true, delete_events: true, verify_influencers: true };
const title = supportOnly ? 'support staff' : 'an admin';
const dataSource = await new DataSource(dataSourceOptions(parseConfig(), APP_ENTITIES)).initialize();
const users = new UsersRepository(dataSource);
try {
  const existing = await users.findByEmailWithPassword(email.data);
  if (existing?.user.deletedAt) {
    console.error(`${email.data} belongs to an account being deleted; try again once its erasure has finished.`);
    process.exitCode = 1;
  } else if (existing) {
    if (supportOnly) await users.grantSupport(email.data);
    else await users.promoteToAdmin(email.data, permissions);
    console.log(`${email.data} is now ${title}.`);
  } else {
    const password = randomBytes(12).toString('base64url');
    await users.insert(dataSource.manager, {
      email: email.data,
      passwordHash: await hashPassword(password),
      name: supportOnly ? 'Support' : 'Admin',
      role: supportOnly ? 'fan' : 'admin',
      isAdmin: !supportOnly,
      adminPermissions: permissions,
    });
    console.log(
      `Created ${title} ${email.data}. Password, shown only this once: ${password}\nSign in and change it under Settings → Change password.`,
    );
  }
} finally {
  await dataSource.destroy();
}
