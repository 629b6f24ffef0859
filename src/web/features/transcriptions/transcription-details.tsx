import { describeTranscriptLanguage } from '../../../core/transcript-language';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import type { TranscriptionDto } from '../../../core/api/transcriptions';
import { formatDate } from '../../../core/format/format-date';
import { formatDuration } from '../../../core/format/format-duration';
import { formatFileSize } from '../../../core/format/format-file-size';
import { MESSAGES } from '../../../core/messages';
import { Alert } from '../../components/ui/alert';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { useComments } from '../comments/comment-queries';
import { ShareButton } from '../sharing/share-dialog';
import { downloadTranscription } from './download-transcription';
import { RetranscribeButton } from './retranscribe-button';
import { accessAllows } from '../../../core/teams/transcription-access';
import { useTeams } from '../transcription-data/selected-library';
import { MoveToTeamButton } from './move-to-team-button';
import { HistoryButton } from './history/history-button';
import { TranscriptionEngineLine } from './transcription-engine-line';
import { isUnfinished } from '../transcription-data/transcription-queries';
import { LiveTranscript, PartialSegments } from './live/live-transcript';
import { CopyTextButton } from './workbench/copy-text-button';
import { DownloadMenu } from './workbench/download-menu';
import { transcriptText } from './workbench/segment-edits';
import { TranscriptTitle } from './workbench/transcript-title';
import { TranscriptWorkbench } from './workbench/transcript-workbench';
import { useTranscriptWorkbench } from './workbench/use-transcript-workbench';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="text-sm font-medium text-slate-800">{value}</dd>
    </div>
  );
}

/**
 * The detail page. Mounted afresh for each loaded version of the transcript (see the page), so its
 * working copy starts from what the server had.
 */
export function TranscriptionDetails({
  transcription,
  onReload,
}: {
  transcription: TranscriptionDto;
  onReload: () => void;
}) {
  const completed = transcription.status === 'completed';
  const workbench = useTranscriptWorkbench(transcription);
  const comments = useComments(transcription.id);
  const { filename, segments } = workbench.document;
  const text = () => (segments.length > 0 ? transcriptText(segments) : transcription.text);
  const language = describeTranscriptLanguage(transcription);
  const canEdit = accessAllows(transcription.access, 'edit');
  const team = useTeams().find((each) => each.id === transcription.teamId);

  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 lg:max-w-6xl">
      <Link href="/" className={buttonClasses('ghost', 'sm', '-ml-3')}>
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to dashboard
      </Link>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <TranscriptTitle
          filename={filename}
          canRename={canEdit && completed && workbench.saveState.status !== 'conflict'}
          onRename={(name) => workbench.change((current) => ({ ...current, filename: name }))}
        />
        <div className="flex shrink-0 flex-wrap gap-2">
          {completed ? <CopyTextButton text={text} /> : null}
          {accessAllows(transcription.access, 'share') ? (
            <ShareButton transcription={transcription} />
          ) : null}
          <MoveToTeamButton transcription={transcription} />
          <DownloadMenu
            disabled={!completed}
            withComments={completed && (comments.data?.length ?? 0) > 0}
            onDownload={(format, options) =>
              // Pending edits reach the server first, so the file holds what the page shows.
              void workbench
                .settled()
                .then(() =>
                  downloadTranscription(
                    { id: transcription.id, filename },
                    { format, comments: options?.comments },
                  ),
                )
            }
          />
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <Fact label="Date" value={formatDate(transcription.createdAt)} />
        {transcription.teamId ? (
          <Fact label="Team" value={team?.name ?? 'A team you are in'} />
        ) : null}
        {transcription.teamId ? (
          <Fact label="Uploaded by" value={transcription.uploader.name} />
        ) : null}
        <Fact label="Duration" value={formatDuration(transcription.durationInSeconds)} />
        <Fact label="File size" value={formatFileSize(transcription.fileSize)} />
        {language ? <Fact label="Language" value={language} /> : null}
        {transcription.deletesAt ? (
          <Fact label="Deleted on" value={formatDate(transcription.deletesAt)} />
        ) : null}
      </dl>
      {transcription.deletesAt ? (
        <p className="text-sm text-slate-600">
          Your retention setting deletes this transcript on {formatDate(transcription.deletesAt)}.{' '}
          <Link href="/account#retention" className="font-medium text-brand-700 underline">
            Change it
          </Link>
        </p>
      ) : null}
      {transcription.recordingDeleted ? (
        <Alert tone="info" title="Recording deleted">
          The recording was deleted, as your retention setting asks. The transcript is kept, and you
          can still edit, share and download it.
        </Alert>
      ) : null}
      {transcription.languageAssumed ? (
        <Alert tone="info" title="Language not detected">
          This server&apos;s offline engine cannot tell languages apart, so it assumed English. If
          the recording is in another language, transcribe it again once the whisper engine is
          ready, choosing its language.
        </Alert>
      ) : null}
      {transcription.isTruncated ? (
        <Alert tone="warning">
          <p>{MESSAGES.truncatedAlert}</p>
          <Link href="/upgrade" className="mt-2 inline-block font-semibold underline">
            Upgrade to Pro
          </Link>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {transcription.recordingDeleted || !canEdit ? null : (
          <RetranscribeButton
            transcription={transcription}
            edited={transcription.isEdited || workbench.canUndo}
            beforeRun={() => workbench.settled()}
          />
        )}
        {completed && canEdit ? (
          <HistoryButton
            transcriptionId={transcription.id}
            beforeRestore={() => workbench.settled()}
            onRestored={onReload}
          />
        ) : null}
      </div>
      <Card>
        <CardContent className="pt-0 sm:px-6">
          {completed ? (
            <TranscriptWorkbench
              transcription={transcription}
              workbench={workbench}
              onReload={onReload}
            />
          ) : null}
          {isUnfinished(transcription) ? <LiveTranscript transcription={transcription} /> : null}
          {transcription.status === 'cancelled' ? (
            <div className="space-y-4 pt-6">
              <Alert tone="warning" title="Cancelled">
                {transcription.segments.length > 0
                  ? 'You stopped this transcription. Below is the part made before that.'
                  : 'You stopped this transcription before any words were made.'}
              </Alert>
              <PartialSegments segments={transcription.segments} label="Partial transcript" />
            </div>
          ) : null}
          {transcription.status === 'failed' ? (
            <div className="pt-6">
              <Alert tone="error" title={MESSAGES.transcriptionFailedTitle}>
                {transcription.error ?? MESSAGES.genericError}
              </Alert>
            </div>
          ) : null}
        </CardContent>
      </Card>
      <TranscriptionEngineLine transcription={transcription} />
    </main>
  );
}
