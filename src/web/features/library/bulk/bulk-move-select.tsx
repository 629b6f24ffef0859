import { teamRoleCan } from '../../../../core/teams/team-permissions';
import { useMoveTranscriptions } from '../../transcription-data/move-transcriptions';
import { useTeams } from '../../transcription-data/selected-library';
import type { LibrarySelection } from './use-library-selection';

const BACK = 'back';

/**
 * "Move to team" for the selection (issue 34): into a team the user may add to, or back to each
 * uploader's own library. The server checks each; those it refuses stay and are counted.
 */
export function BulkMoveSelect({
  selection,
  team,
  disabled,
}: {
  selection: LibrarySelection;
  /** The library shown: from a team, "My transcriptions" gives them back to their uploaders. */
  team: string | null;
  disabled: boolean;
}) {
  const teams = useTeams().filter((each) => each.id !== team && teamRoleCan(each.role, 'upload'));
  const move = useMoveTranscriptions(() => selection.clear());
  if (teams.length === 0 && team === null) return null;
  return (
    <select
      aria-label="Move the selected transcriptions to a team"
      value=""
      disabled={disabled || move.isPending}
      onChange={(event) => {
        const chosen = event.target.value;
        if (chosen === '') return;
        move.mutate({ ids: selection.ids, team: chosen === BACK ? null : chosen });
      }}
      className="h-10 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-brand-500"
    >
      <option value="">Move to team…</option>
      {team !== null ? <option value={BACK}>Back to their uploaders</option> : null}
      {teams.map((each) => (
        <option key={each.id} value={each.id}>
          {each.name}
        </option>
      ))}
    </select>
  );
}
