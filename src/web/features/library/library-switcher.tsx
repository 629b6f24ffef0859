import { useLocation } from 'wouter';
import { useSelectedTeam, useTeams } from '../transcription-data/selected-library';

const OWN = '';

/**
 * "My transcriptions" or one of the user's teams: the library the dashboard shows, kept in the
 * address (`?team=`). Hidden for a user in no team.
 */
export function LibrarySwitcher() {
  const teams = useTeams();
  const team = useSelectedTeam();
  const [location, navigate] = useLocation();
  if (teams.length === 0) return null;
  return (
    <label className="flex shrink-0 items-center gap-2 text-sm text-slate-600">
      <span aria-hidden="true">Library</span>
      <select
        aria-label="Library"
        value={team ?? OWN}
        onChange={(event) => {
          const chosen = event.target.value;
          navigate(chosen === OWN ? location : `${location}?team=${encodeURIComponent(chosen)}`);
        }}
        className="h-10 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-brand-500"
      >
        <option value={OWN}>My transcriptions</option>
        {teams.map((each) => (
          <option key={each.id} value={each.id}>
            {each.name}
          </option>
        ))}
      </select>
    </label>
  );
}
