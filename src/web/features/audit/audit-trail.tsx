import { useInfiniteQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { Link } from 'wouter';
import type { AuditEventDto, AuditPageDto } from '../../../core/api/audit';
import { Button, LinkButton } from '../../components/ui/button';
import { getJson } from '../../lib/api-client';
import { describeAuditEvent } from './audit-action-labels';

export interface AuditTrailProps {
  /** `/api/audit` for the user's own, `/api/teams/:id/audit` for a team's. */
  endpoint: string;
  /** The name the CSV download gets. */
  downloadName?: string;
}

const pageUrl = (endpoint: string, before: string | null) =>
  before === null ? endpoint : `${endpoint}?before=${encodeURIComponent(before)}`;

function whoDid(event: AuditEventDto): string {
  if (event.actor === null) return 'Automatic (retention)';
  return event.actor.email ?? 'A deleted account';
}

function TranscriptName({ event }: { event: AuditEventDto }) {
  if (!event.transcription) return null;
  const name = event.transcription.name ?? 'Untitled';
  const gone =
    event.action === 'transcription.delete' || event.action === 'transcription.retention-delete';
  if (gone) return <span>{name}</span>;
  return (
    <Link
      href={`/transcription/${encodeURIComponent(event.transcription.id)}`}
      className="text-brand-700 underline underline-offset-2 hover:text-brand-900"
    >
      {name}
    </Link>
  );
}

/**
 * An audit trail, newest first, a page at a time ("Show more"), with its CSV download
 * (docs/decisions/0089). The account page shows the user's own; a team page can show the team's.
 */
export function AuditTrail({ endpoint, downloadName = 'activity.csv' }: AuditTrailProps) {
  const trail = useInfiniteQuery({
    queryKey: [endpoint, 'pages'],
    queryFn: async ({ pageParam }) => (await getJson<AuditPageDto>(pageUrl(endpoint, pageParam)))!,
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
  const events = trail.data?.pages.flatMap((page) => page.events) ?? [];

  if (trail.isPending) return <p className="text-sm text-slate-600">Loading activity…</p>;
  if (trail.isError)
    return (
      <p className="text-sm text-red-700">The activity could not be loaded. Try again later.</p>
    );
  return (
    <div className="space-y-4">
      {events.length === 0 ? (
        <p className="text-sm text-slate-600">No activity yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Activity, newest first">
          {events.map((event) => (
            <li key={event.id} className="py-2 [overflow-wrap:anywhere]">
              <p className="text-sm text-slate-900">
                <span className="font-medium">{describeAuditEvent(event)}</span>
                {event.transcription && (
                  <>
                    {' · '}
                    <TranscriptName event={event} />
                  </>
                )}
              </p>
              <p className="text-xs text-slate-600">
                <time dateTime={event.at}>{format(new Date(event.at), 'd MMM yyyy, HH:mm')}</time>
                {' · by '}
                {whoDid(event)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-3">
        {trail.hasNextPage && (
          <Button
            variant="outline"
            size="sm"
            disabled={trail.isFetchingNextPage}
            onClick={() => void trail.fetchNextPage()}
          >
            {trail.isFetchingNextPage ? 'Loading…' : 'Show more'}
          </Button>
        )}
        <LinkButton
          variant="outline"
          size="sm"
          href={`${endpoint}?format=csv`}
          download={downloadName}
        >
          Download CSV
        </LinkButton>
      </div>
    </div>
  );
}
