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

function TranscriptCell({ event }: { event: AuditEventDto }) {
  if (!event.transcription) return <span className="text-slate-400">—</span>;
  const name = event.transcription.name ?? 'Untitled';
  const gone =
    event.action === 'transcription.delete' || event.action === 'transcription.retention-delete';
  if (gone) return <span className="break-all">{name}</span>;
  return (
    <Link
      href={`/transcription/${encodeURIComponent(event.transcription.id)}`}
      className="break-all text-brand-700 hover:underline"
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
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs uppercase text-slate-500">
              <tr>
                <th className="py-2 pr-3 font-medium">What</th>
                <th className="py-2 pr-3 font-medium">Transcript</th>
                <th className="py-2 pr-3 font-medium">When</th>
                <th className="py-2 font-medium">By</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {events.map((event) => (
                <tr key={event.id}>
                  <td className="py-2 pr-3 text-slate-900">{describeAuditEvent(event)}</td>
                  <td className="py-2 pr-3">
                    <TranscriptCell event={event} />
                  </td>
                  <td className="whitespace-nowrap py-2 pr-3 text-slate-600">
                    <time dateTime={event.at}>
                      {format(new Date(event.at), 'd MMM yyyy, HH:mm')}
                    </time>
                  </td>
                  <td className="break-all py-2 text-slate-600">{whoDid(event)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
