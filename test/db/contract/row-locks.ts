import pg from 'pg';

/**
 * Runs `work` while another connection holds row locks on these rows of
 * `table` (SELECT ... FOR UPDATE in an open transaction), then lets them go
 * without changing anything. Claims started meanwhile have all read the rows
 * before any of them can write: the widest race two claimers can meet, made
 * certain instead of left to timing.
 */
export async function whileRowsLocked<T>(url: string, table: 'orders' | 'notifications', ids: readonly number[], work: () => Promise<T>, holdMs = 300): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`select id from ${table} where id = any($1::bigint[]) for update`, [ids]);
    const running = work();
    // Observed now, awaited below: a claimer that fails early is not an unhandled rejection meanwhile.
    running.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, holdMs));
    await client.query('rollback');
    return await running;
  } finally {
    await client.end();
  }
}
