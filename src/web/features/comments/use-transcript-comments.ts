import { useMemo, useState } from 'react';
import { useCommentActions, useComments, useHighlights } from './comment-queries';
import { highlightsByLine, threadsByLine } from './comment-threads';
import { useCommentEvents } from './use-comment-events';

/** The comments and highlights of the transcript on the workbench, and which line's are open. */
export function useTranscriptComments(id: string, lineCount: number) {
  const comments = useComments(id);
  const highlights = useHighlights(id);
  const actions = useCommentActions(id);
  useCommentEvents(id);
  const [openLine, setOpenLine] = useState<number | null>(null);
  const threads = useMemo(
    () => threadsByLine(comments.data ?? [], lineCount),
    [comments.data, lineCount],
  );
  const marks = useMemo(() => highlightsByLine(highlights.data ?? []), [highlights.data]);
  return {
    loaded: comments.isSuccess,
    total: comments.data?.length ?? 0,
    threads,
    highlights: marks,
    actions,
    openLine,
    setOpenLine,
  };
}
export type TranscriptComments = ReturnType<typeof useTranscriptComments>;
