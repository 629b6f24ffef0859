import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { TranscriptSegmentDto } from '../../../../core/api/transcriptions';
import type { Vocabulary } from '../../../../core/api/vocabulary';
import { Button } from '../../../components/ui/button';
import { HttpError } from '../../../lib/api-client';
import { addToVocabulary, VOCABULARY_KEY } from '../../account/vocabulary-api';
import { toast } from '../../toasts/toast-store';
import { repeatedCorrections } from './repeated-corrections';

/**
 * Correction memory: once the user has written the same word in place of the engine's in two
 * places or more, offer to add it to the vocabulary, so later transcriptions write it themselves.
 */
export function CorrectionOffer({
  loaded,
  current,
}: {
  loaded: readonly TranscriptSegmentDto[];
  current: readonly TranscriptSegmentDto[];
}) {
  const queryClient = useQueryClient();
  const vocabulary = useQuery<Vocabulary>({ queryKey: VOCABULARY_KEY });
  const [declined, setDeclined] = useState<ReadonlySet<string>>(new Set());
  const offer = useMemo(() => {
    if (!vocabulary.data) return undefined;
    const known = new Set(vocabulary.data.terms.map((term) => term.toLocaleLowerCase()));
    return repeatedCorrections(loaded, current).find(
      ({ spelling }) => !known.has(spelling.toLocaleLowerCase()) && !declined.has(spelling),
    );
  }, [loaded, current, vocabulary.data, declined]);
  const add = useMutation({
    mutationFn: (spelling: string) => addToVocabulary([spelling]),
    onSuccess: (updated, spelling) => {
      queryClient.setQueryData(VOCABULARY_KEY, updated);
      toast({
        title: 'Added to your vocabulary',
        description: `“${spelling}” will be listened for in your next transcriptions.`,
      });
    },
    onError: (error) =>
      toast({
        title: 'Could not add it',
        description:
          error instanceof HttpError && error.serverMessage
            ? error.serverMessage
            : 'Please try again later.',
        variant: 'destructive',
      }),
  });
  if (!offer) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-slate-800"
    >
      <p className="min-w-0 flex-1">
        You wrote “{offer.spelling}” in {offer.places} places. Add it to your vocabulary so new
        transcriptions write it too?
      </p>
      <Button size="sm" disabled={add.isPending} onClick={() => add.mutate(offer.spelling)}>
        Add to vocabulary
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => setDeclined((previous) => new Set([...previous, offer.spelling]))}
      >
        Not now
      </Button>
    </div>
  );
}
