import type { AuditEventDto } from '../../core/api/audit.js';

/**
 * A spreadsheet runs a cell that starts like a formula (CSV injection, OWASP): such a cell gets
 * a leading apostrophe, which shows as text and runs nothing.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. */
export function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const HEADER = [
  'time',
  'action',
  'actor_id',
  'actor_email',
  'transcription_id',
  'transcription_name',
  'team_id',
  'target_user_id',
  'detail',
];

const csvLine = (cells: (string | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

function eventLine(event: AuditEventDto): string {
  return csvLine([
    event.at,
    event.action,
    event.actor?.id ?? null,
    event.actor?.email ?? null,
    event.transcription?.id ?? null,
    event.transcription?.name ?? null,
    event.team?.id ?? null,
    event.targetUserId,
    event.detail ? JSON.stringify(event.detail) : null,
  ]);
}

/** The trail as CSV lines, the header first, as the events are read. */
export async function* auditCsvLines(events: AsyncIterable<AuditEventDto>): AsyncGenerator<string> {
  yield csvLine(HEADER);
  for await (const event of events) yield eventLine(event);
}
