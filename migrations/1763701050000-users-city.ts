import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { cityFromLocation } from '../api/src/contracts/city.js';

/** Profiles backfilled per statement. */
const BACKFILL_BATCH = 1_000;

/**
 * The city a person's free-text location names, kept beside it (users.city, written with every
 * location by the users module), so an admin's city announcement and the cities list are one
 * indexed query instead of parsing every profile. city_key is the lower-cased form the audience
 * compares, as event.city_key does; the index also keeps a city's people in id order, the order the
 * fan-out walks them in. Existing profiles are backfilled here.
 */
export class UsersCity1763701050000 implements MigrationInterface {
  name = 'UsersCity1763701050000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE users
        ADD COLUMN city text,
        ADD COLUMN city_key text GENERATED ALWAYS AS (lower(city)) STORED`);
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = (await queryRunner.query('SELECT id, location FROM users WHERE id > $1 AND location IS NOT NULL ORDER BY id LIMIT $2', [
        after,
        BACKFILL_BATCH,
      ])) as Array<{ id: string; location: string }>;
      if (rows.length === 0) break;
      await queryRunner.query('UPDATE users u SET city = c.city FROM unnest($1::uuid[], $2::text[]) AS c(id, city) WHERE u.id = c.id', [
        rows.map(({ id }) => id),
        rows.map(({ location }) => cityFromLocation(location)),
      ]);
      after = rows[rows.length - 1]!.id;
    }
    await queryRunner.query('CREATE INDEX users_city_audience_idx ON users (city_key, id) WHERE deleted_at IS NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX users_city_audience_idx');
    await queryRunner.query('ALTER TABLE users DROP COLUMN city_key, DROP COLUMN city');
  }
}
