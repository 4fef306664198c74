import { createHash } from 'node:crypto';
import type pg from 'pg';
import { QueryFailedError, type DataSource } from 'typeorm';
import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

/** SQL that PostgreSQL parses and plans once per connection, then runs by name. */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

const declared = new Map<string, string>();

/**
 * Declares a named statement. A name stands for one text for the life of the process (a connection
 * that prepared it refuses any other text under that name), so declare statements once, at module
 * level, with constant SQL: values go in parameters, never into the text.
 */
export function preparedStatement(name: string, text: string): PreparedStatement {
  const existing = declared.get(name);
  if (existing !== undefined && existing !== text) throw new Error(`prepared statement "${name}" is already declared with other SQL`);
  declared.set(name, text);
  return { name, text };
}

function pool(dataSource: DataSource): pg.Pool {
  const driver = dataSource.driver;
  if (!(driver instanceof PostgresDriver) || !driver.master)
    throw new Error('prepared statements need an initialized PostgreSQL DataSource');
  return driver.master as pg.Pool;
}

async function run<T>(dataSource: DataSource, query: { name?: string; text: string }, values: unknown[]): Promise<T[]> {
  try {
    return (await pool(dataSource).query({ ...query, values })).rows as T[];
  } catch (error) {
    throw new QueryFailedError(query.text, values, error as Error);
  }
}

/**
 * Runs a prepared statement on a connection of the DataSource's own pool, outside any transaction.
 * node-postgres prepares it the first time each connection runs it and binds it by name afterwards;
 * after five runs PostgreSQL keeps a generic plan when that costs no more than the custom ones, so a
 * hot read stops paying the planner on every request. Errors are TypeORM's QueryFailedError, as for
 * any other query.
 */
export function queryPrepared<T>(dataSource: DataSource, statement: PreparedStatement, values: unknown[]): Promise<T[]> {
  return run<T>(dataSource, statement, values);
}

/**
 * Statements built at run time from a bounded set of shapes (a list's WHERE clause says which
 * filters are present, never their values). Each text is named after its hash, so a name always
 * means one text. Past `capacity` distinct texts in this process further ones run unnamed, so rare
 * filter combinations cannot fill every connection with plans.
 */
export class PreparedStatementSet {
  private readonly statements = new Map<string, PreparedStatement>();

  constructor(
    private readonly prefix: string,
    private readonly capacity: number,
  ) {}

  query<T>(dataSource: DataSource, text: string, values: unknown[]): Promise<T[]> {
    let statement = this.statements.get(text);
    if (!statement && this.statements.size < this.capacity) {
      statement = preparedStatement(`${this.prefix}.${createHash('sha1').update(text).digest('hex').slice(0, 16)}`, text);
      this.statements.set(text, statement);
    }
    return run<T>(dataSource, statement ?? { text }, values);
  }
}
