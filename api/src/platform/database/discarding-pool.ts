import pg from 'pg';

/**
 * Why: a query that times out on the client (`query_timeout`) leaves pg's connection busy with it, so
 * a ROLLBACK queued behind it may time out too; TypeORM swallows that failure and releases the
 * connection without an error, and pg-pool would hand it out still inside the transaction (25P02 for
 * the next user, or their writes never committed). So a connection released while a query is still
 * in flight or inside a transaction is ended, which makes pg-pool drop it (it drops ending clients).
 */
class DiscardingPool extends pg.Pool {
  constructor(config?: pg.PoolConfig) {
    super(config);
    this.on('release', (err, client) => {
      const busy = (client as pg.PoolClient & { readyForQuery?: boolean }).readyForQuery === false;
      if (!err && (busy || client.getTransactionStatus() !== 'I')) void client.end();
    });
  }
}

/** pg for TypeORM's `driver` option, with a pool that never reuses a connection in an unknown state. */
export const postgresDriver = { ...pg, Pool: DiscardingPool };
