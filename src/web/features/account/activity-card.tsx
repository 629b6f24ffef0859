import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { AuditTrail } from '../audit/audit-trail';

/** The user's own audit trail: what they did, and what was done to them or their data. */
export function ActivityCard() {
  return (
    <Card id="activity" role="region" aria-labelledby="activity-card-title">
      <CardHeader>
        <CardTitle id="activity-card-title">Activity</CardTitle>
        <CardDescription>
          What you opened, played, edited, downloaded, shared and deleted, and what was done to your
          account or your transcripts, newest first.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <AuditTrail endpoint="/api/audit" downloadName="activity.csv" />
      </CardContent>
    </Card>
  );
}
