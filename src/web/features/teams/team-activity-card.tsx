import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { AuditTrail } from '../audit/audit-trail';

/** The team's audit trail, for its owner and admins (docs/decisions/0089). */
export function TeamActivityCard({ teamId }: { teamId: string }) {
  return (
    <Card id="team-activity" role="region" aria-labelledby="team-activity-card-title">
      <CardHeader>
        <CardTitle id="team-activity-card-title">Team activity</CardTitle>
        <CardDescription>
          Who opened, played, edited, downloaded, shared, moved and deleted the team&apos;s
          transcripts, and who joined, left or changed role, newest first.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <AuditTrail endpoint={`/api/teams/${teamId}/audit`} downloadName="team-activity.csv" />
      </CardContent>
    </Card>
  );
}
