import type { TranscriptionDto } from '../../../core/api/transcriptions';
import { teamRoleCan } from '../../../core/teams/team-permissions';
import { accessAllows } from '../../../core/teams/transcription-access';
import { useAuth } from '../auth/use-auth';
import { useMoveTranscriptions } from '../transcription-data/move-transcriptions';
import { useTeams } from '../transcription-data/selected-library';

const BACK = 'back';

/**
 * "Move to team" on the detail page: the uploader moves their own into a team they may add to;
 * a team's admin (or the uploader) gives it back to the uploader's own library. Shows only the
 * moves the server would allow.
 */
export function MoveToTeamButton({ transcription }: { transcription: TranscriptionDto }) {
  const { user } = useAuth();
  const teams = useTeams();
  const move = useMoveTranscriptions();
  const isUploader = user?.id === transcription.uploader.id;
  const into = isUploader
    ? teams.filter((team) => team.id !== transcription.teamId && teamRoleCan(team.role, 'upload'))
    : [];
  const canGiveBack =
    transcription.teamId !== null &&
    (accessAllows(transcription.access, 'manageTranscriptions') ||
      (isUploader && accessAllows(transcription.access, 'upload')));
  if (into.length === 0 && !canGiveBack) return null;
  return (
    <select
      aria-label="Move to team"
      value=""
      disabled={move.isPending}
      onChange={(event) => {
        const chosen = event.target.value;
        if (chosen === '') return;
        move.mutate({ ids: [transcription.id], team: chosen === BACK ? null : chosen });
      }}
      className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-brand-500"
    >
      <option value="">Move to team…</option>
      {canGiveBack ? (
        <option value={BACK}>
          {isUploader ? 'My transcriptions' : `Back to ${transcription.uploader.name}`}
        </option>
      ) : null}
      {into.map((team) => (
        <option key={team.id} value={team.id}>
          {team.name}
        </option>
      ))}
    </select>
  );
}
