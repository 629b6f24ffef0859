import { Download, PackageOpen } from 'lucide-react';
import { useEffect } from 'react';
import { ZIP_EXPORT_HOURS } from '../../../core/api/zip-exports';
import { Alert } from '../../components/ui/alert';
import { Button, LinkButton } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useScrollToHash } from '../../lib/use-scroll-to-hash';
import { useServerSendsEmail } from '../../lib/use-server-sends-email';
import { useZipExport } from '../../lib/use-zip-export';

/** The section's id: other pages (account deletion, email links) link to `/account#export-data`. */
export const DATA_EXPORT_SECTION_ID = 'export-data';
/** The export being prepared or ready, so a reload still shows it (it lives 24 h on the server). */
const REMEMBERED_EXPORT = 'sonoscript.account-export';

const statusUrl = (id: string) => `/api/account/export/${encodeURIComponent(id)}`;

function expiryText(expiresAt: string): string {
  return new Date(expiresAt).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

/** "Download all my data": a ZIP of everything the account holds, prepared in the background. */
export function DataExportCard() {
  const sendsEmail = useServerSendsEmail();
  useScrollToHash(true);
  const { state, start, resume } = useZipExport({
    startUrl: '/api/account/export',
    statusUrl,
    saveWhenReady: false,
  });
  useEffect(() => {
    const remembered = window.localStorage.getItem(REMEMBERED_EXPORT);
    if (remembered) void resume(remembered);
  }, [resume]);
  useEffect(() => {
    if (state.phase === 'preparing' && state.id)
      window.localStorage.setItem(REMEMBERED_EXPORT, state.id);
    if (state.phase === 'failed') window.localStorage.removeItem(REMEMBERED_EXPORT);
  }, [state]);

  return (
    <Card
      role="region"
      aria-labelledby="data-export-card-title"
      id={DATA_EXPORT_SECTION_ID}
      className="scroll-mt-20"
    >
      <CardHeader>
        <CardTitle id="data-export-card-title">Download all my data</CardTitle>
        <CardDescription>
          One ZIP file with your account details, every transcript (as JSON and text, as you
          corrected it and as first made), the audio, your vocabulary and the list of your API keys
          (never their secrets). Voices you asked to remember are listed by name only.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3" aria-live="polite">
        {state.phase === 'preparing' ? (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <Spinner className="h-4 w-4" />
            Preparing your data…{' '}
            {sendsEmail
              ? 'We will also email you a link when it is ready; you may leave this page.'
              : 'You may leave this page: it will be here when you come back.'}
          </p>
        ) : null}
        {state.phase === 'ready' ? (
          <div className="space-y-2">
            <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
              <PackageOpen aria-hidden="true" className="h-4 w-4 text-brand-600" />
              Your data is ready.
            </p>
            <LinkButton href={state.url} download>
              <Download aria-hidden="true" className="h-4 w-4" />
              Download ZIP
            </LinkButton>
            <p className="text-xs text-slate-500">
              The link works until {expiryText(state.expiresAt)} ({ZIP_EXPORT_HOURS} hours), then
              the file is deleted.
            </p>
          </div>
        ) : null}
        {state.phase === 'failed' ? <Alert tone="error">{state.message}</Alert> : null}
        {state.phase !== 'preparing' ? (
          <Button
            variant={state.phase === 'ready' ? 'outline' : 'primary'}
            onClick={() => void start()}
          >
            {state.phase === 'ready' ? 'Prepare a new copy' : 'Download all my data'}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
