import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MailX, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import type { InvitationPreviewDto } from '../../../core/api/teams';
import { roleWithArticle } from '../../../core/teams/team-role-names';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { apiRequest, HttpError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from '../auth/use-auth';
import { toast } from '../toasts/toast-store';
import { acceptInvitation, invitationKey, messageOf, TEAMS_KEY } from './teams-api';

function Unusable({ error }: { error: unknown }) {
  const status = error instanceof HttpError ? error.status : 0;
  const title =
    status === 410
      ? 'This invitation can no longer be used'
      : status === 404
        ? 'This invitation link doesn’t work'
        : 'The invitation could not be loaded';
  return (
    <div className="flex flex-col items-center text-center">
      <MailX aria-hidden="true" className="h-12 w-12 text-slate-400" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">{messageOf(error)}</p>
      <Link href="/" className={buttonClasses('outline', 'md', 'mt-6')}>
        Go to Sonoscript
      </Link>
    </div>
  );
}

function SignInFirst({ returnTo, email }: { returnTo: string; email: string }) {
  const back = encodeURIComponent(returnTo);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        Sign in as <strong>{email}</strong>, or create an account with that address, to join.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <a href={`/sign-in?returnTo=${back}`} className={buttonClasses('primary', 'md', 'flex-1')}>
          Sign in
        </a>
        <a
          href={`/sign-in?mode=sign-up&returnTo=${back}`}
          className={buttonClasses('outline', 'md', 'flex-1')}
        >
          Create an account
        </a>
      </div>
    </div>
  );
}

function WrongAccount({
  signedInAs,
  invited,
  returnTo,
}: {
  signedInAs: string;
  invited: string;
  returnTo: string;
}) {
  const [busy, setBusy] = useState(false);
  const switchAccount = async () => {
    setBusy(true);
    await apiRequest('POST', '/api/logout').catch(() => undefined);
    window.location.assign(`/sign-in?returnTo=${encodeURIComponent(returnTo)}`);
  };
  return (
    <div className="space-y-3">
      <Alert tone="warning" title="This invitation is for another account">
        You are signed in as {signedInAs}. Sign in as {invited} to accept it.
      </Alert>
      <Button className="w-full" disabled={busy} onClick={() => void switchAccount()}>
        {busy ? 'Signing out...' : 'Sign out and switch accounts'}
      </Button>
    </div>
  );
}

/** /invitations/:token: what the link invites to, and joining once signed in as the invited address. */
export default function InvitationPage() {
  const { token = '' } = useParams<{ token: string }>();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const { user, isLoading } = useAuth();
  const preview = useQuery<InvitationPreviewDto>({ queryKey: invitationKey(token) });
  useDocumentTitle(preview.data ? `Join ${preview.data.teamName}` : 'Team invitation');
  const joining = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: async (team) => {
      await queryClient.invalidateQueries({ queryKey: TEAMS_KEY });
      toast({ title: `Welcome to ${team.name}` });
      navigate(`/teams/${team.id}`);
    },
  });
  const returnTo = `/invitations/${token}`;
  const invitation = preview.data;

  return (
    <main className="flex min-h-[70vh] items-center justify-center px-4 py-12">
      <meta name="robots" content="noindex" />
      <Card className="w-full max-w-md">
        {preview.isPending || isLoading ? (
          <CardContent className="flex justify-center py-12">
            <Spinner className="h-6 w-6" label="Loading the invitation" />
          </CardContent>
        ) : !invitation ? (
          <CardContent className="py-10">
            <Unusable error={preview.error} />
          </CardContent>
        ) : (
          <>
            <CardHeader className="text-center">
              <Users aria-hidden="true" className="mx-auto h-10 w-10 text-brand-600" />
              <h1 className="mt-3 text-2xl font-bold break-words text-slate-900">
                Join {invitation.teamName}
              </h1>
              <p className="mt-2 text-sm text-slate-600">
                {invitation.invitedBy ?? 'A team admin'} invited {invitation.email} to join as{' '}
                {roleWithArticle(invitation.role)}. The link works until{' '}
                {new Date(invitation.expiresAt).toLocaleDateString()}.
              </p>
            </CardHeader>
            <CardContent className="space-y-3">
              {!user ? (
                <SignInFirst returnTo={returnTo} email={invitation.email} />
              ) : user.email.toLowerCase() !== invitation.email.toLowerCase() ? (
                <WrongAccount
                  signedInAs={user.email}
                  invited={invitation.email}
                  returnTo={returnTo}
                />
              ) : (
                <Button
                  className="w-full"
                  disabled={joining.isPending}
                  onClick={() => joining.mutate()}
                >
                  {joining.isPending ? 'Joining...' : `Join ${invitation.teamName}`}
                </Button>
              )}
              {joining.isError ? (
                <Alert tone="error">
                  {messageOf(joining.error)}{' '}
                  {joining.error instanceof HttpError && joining.error.status === 409 ? (
                    <Link href="/teams" className="font-medium underline">
                      Go to your teams
                    </Link>
                  ) : null}
                </Alert>
              ) : null}
            </CardContent>
          </>
        )}
      </Card>
    </main>
  );
}
