import type { ExecuteSql } from '../db/raw-transaction.js';

export interface TableShape {
  name: string;
  /** Stored columns in order; generated columns are left out, the database computes them. */
  columns: string[];
}

/**
 * The app's tables (schema `public`), parents before children, so rows load in this order
 * without breaking a foreign key. The job queue's own schema is not among them (see 0077).
 */
export async function listAppTables(executeSql: ExecuteSql): Promise<TableShape[]> {
  const tables = (
    await executeSql(
      `SELECT c.oid::int AS oid, c.relname AS name FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
       ORDER BY c.relname`,
    )
  ).rows as Array<{ oid: number; name: string }>;
  const columns = (
    await executeSql(
      `SELECT a.attrelid::int AS oid, a.attname AS name FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
       ORDER BY a.attrelid, a.attnum`,
    )
  ).rows as Array<{ oid: number; name: string }>;
  const references = (
    await executeSql(
      `SELECT conrelid::int AS child, confrelid::int AS parent FROM pg_constraint
       WHERE contype = 'f' AND connamespace = 'public'::regnamespace AND conrelid <> confrelid`,
    )
  ).rows as Array<{ child: number; parent: number }>;

  const ordered: TableShape[] = [];
  const placed = new Set<number>();
  const remaining = [...tables];
  while (remaining.length > 0) {
    const index = remaining.findIndex((table) =>
      references.every((edge) => edge.child !== table.oid || placed.has(edge.parent)),
    );
    // A cycle of foreign keys between tables: the schema has none; take the rest as they come.
    const next = remaining.splice(index === -1 ? 0 : index, 1)[0]!;
    placed.add(next.oid);
    ordered.push({
      name: next.name,
      columns: columns.filter((column) => column.oid === next.oid).map((column) => column.name),
    });
  }
  return ordered;
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
