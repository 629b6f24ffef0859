import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailPreferences } from '../../../core/api/account';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../toasts/toast-store';
import { EMAIL_PREFERENCES_KEY, saveEmailPreferences } from './account-api';

/** The "your transcript is ready" email for long recordings: on by default, the user's choice. */
export function EmailPreferencesCard() {
  const queryClient = useQueryClient();
  const preferences = useQuery<EmailPreferences>({ queryKey: EMAIL_PREFERENCES_KEY });
  const save = useMutation({
    mutationFn: saveEmailPreferences,
    onSuccess: (updated) => {
      queryClient.setQueryData(EMAIL_PREFERENCES_KEY, updated);
      toast({
        title: 'Email settings saved',
        description: updated.transcriptReady
          ? 'We will email you when a long transcript is ready.'
          : 'We will not email you when a transcript is ready.',
      });
    },
    onError: () =>
      toast({
        title: 'Could not save',
        description: 'Please try again later.',
        variant: 'destructive',
      }),
  });
  const data = preferences.data;
  return (
    <Card role="region" aria-labelledby="email-card-title">
      <CardHeader>
        <CardTitle id="email-card-title">Email</CardTitle>
      </CardHeader>
      <CardContent>
        {!data ? (
          <Spinner className="h-5 w-5" />
        ) : (
          <div className="space-y-2 text-sm">
            <label className="flex items-center gap-3 text-slate-900">
              <input
                type="checkbox"
                className="h-4 w-4"
                checked={data.transcriptReady}
                disabled={save.isPending}
                onChange={(event) => save.mutate(event.target.checked)}
              />
              Email me when a transcript of a recording over 5 minutes is ready
            </label>
            {data.emailAvailable ? null : (
              <p className="text-slate-500">This server does not send email at the moment.</p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
