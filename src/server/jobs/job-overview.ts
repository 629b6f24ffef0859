import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';

/** drizzle's raw result differs by driver in type only: both carry `rows`. */
function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

export interface JobCount {
  queue: string;
  state: 'waiting' | 'active' | 'failed';
  count: number;
}

export interface FailedJob {
  queue: string;
  id: string;
  failedAt: Date | null;
  /** The error the last attempt ended with. */
  reason: string;
  attempts: number;
}

/**
 * pg-boss's own counts lag by its monitor interval; an operator looking at a failure wants it
 * now, so these read its job table (pg-boss 12: `pgboss.job`, one row per job).
 */
export async function jobCountsQuery(db: Database): Promise<JobCount[]> {
  const result = await db.execute(sql`
    select name, case when state in ('created', 'retry') then 'waiting' else state::text end as state,
           count(*) as count
    from pgboss.job
    where state in ('created', 'retry', 'active', 'failed')
    group by 1, 2
    order by 1, 2`);
  return rowsOf<{ name: string; state: string; count: string | number }>(result).map((row) => ({
    queue: row.name,
    state: row.state as JobCount['state'],
    count: Number(row.count),
  }));
}

export async function failedJobsQuery(db: Database, limit: number): Promise<FailedJob[]> {
  const result = await db.execute(sql`
    select name, id::text as id, completed_on,
           coalesce(output->>'message', output::text) as reason, retry_count
    from pgboss.job
    where state = 'failed'
    order by completed_on desc nulls last
    limit ${limit}`);
  return rowsOf<{
    name: string;
    id: string;
    completed_on: Date | string | null;
    reason: string | null;
    retry_count: number;
  }>(result).map((row) => ({
    queue: row.name,
    id: row.id,
    failedAt: row.completed_on === null ? null : new Date(row.completed_on),
    reason: row.reason ?? 'No reason was recorded.',
    attempts: Number(row.retry_count) + 1,
  }));
}
