import { createContext, useContext, useState, type ReactNode } from 'react';
import { ListedTranscriptionsProvider } from '../transcription-data/listed-transcriptions';
import type { LibrarySort } from './library-pages';
import { useLibrary } from './library-queries';
import { useSelectedTeam } from '../transcription-data/selected-library';

interface LibraryState {
  /** The team whose library is shown, or null for the user's own. */
  team: string | null;
  sort: LibrarySort;
  setSort: (sort: LibrarySort) => void;
  library: ReturnType<typeof useLibrary>;
}

const LibraryContext = createContext<LibraryState | null>(null);

/**
 * The library as one page shows it: its order and its loaded items. Every view of a job on the
 * page (the list row, the upload card) reads this one copy, so they change in the same render and
 * never show different numbers, not even for a frame.
 */
export function LibraryProvider({ children }: { children: ReactNode }) {
  const [sort, setSort] = useState<LibrarySort>('newest');
  const team = useSelectedTeam();
  const library = useLibrary(sort, team);
  return (
    <LibraryContext.Provider value={{ team, sort, setSort, library }}>
      <ListedTranscriptionsProvider value={library.items}>{children}</ListedTranscriptionsProvider>
    </LibraryContext.Provider>
  );
}

export function useLibraryState(): LibraryState {
  const state = useContext(LibraryContext);
  if (!state) throw new Error('useLibraryState needs a LibraryProvider around it');
  return state;
}
