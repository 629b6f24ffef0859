import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import {
  MAX_TERM_CHARACTERS,
  MAX_VOCABULARY_TERMS,
  type Vocabulary,
} from '../../../core/api/vocabulary';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { HttpError } from '../../lib/api-client';
import { toast } from '../toasts/toast-store';
import { saveVocabulary, VOCABULARY_KEY } from './vocabulary-api';

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** Custom vocabulary: names, brands and jargon every transcription listens for, one per line. */
export function VocabularyCard() {
  const queryClient = useQueryClient();
  const saved = useQuery<Vocabulary>({ queryKey: VOCABULARY_KEY });
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  const hintId = useId();
  const savedText = saved.data?.terms.join('\n') ?? '';
  useEffect(() => setDraft(null), [savedText]);
  const save = useMutation({
    mutationFn: saveVocabulary,
    onSuccess: (updated) => {
      setProblem(null);
      queryClient.setQueryData(VOCABULARY_KEY, updated);
      toast({
        title: 'Vocabulary saved',
        description: `${updated.terms.length} ${updated.terms.length === 1 ? 'term' : 'terms'}.`,
      });
    },
    onError: (error) =>
      setProblem(
        error instanceof HttpError && error.serverMessage
          ? error.serverMessage
          : 'Could not save. Please try again later.',
      ),
  });
  const text = draft ?? savedText;
  const count = linesOf(text).length;
  return (
    <Card role="region" aria-labelledby="vocabulary-card-title">
      <CardHeader>
        <CardTitle id="vocabulary-card-title">Custom vocabulary</CardTitle>
        <CardDescription>
          Names, brands and jargon to listen for in every transcription, written as they should
          appear.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {!saved.data ? (
          <Spinner className="h-5 w-5" />
        ) : (
          <form
            className="space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate(linesOf(text));
            }}
          >
            <label htmlFor={fieldId} className="text-sm font-medium text-slate-700">
              Terms, one per line
            </label>
            <textarea
              id={fieldId}
              aria-describedby={hintId}
              rows={8}
              value={text}
              onChange={(event) => setDraft(event.currentTarget.value)}
              className="w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 font-mono text-sm text-slate-900 focus:border-brand-500"
            />
            <p id={hintId} className="text-xs text-slate-500">
              {count} of {MAX_VOCABULARY_TERMS} terms, each up to {MAX_TERM_CHARACTERS} characters.
            </p>
            {problem ? <Alert tone="error">{problem}</Alert> : null}
            <Button type="submit" disabled={save.isPending || draft === null}>
              Save vocabulary
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
