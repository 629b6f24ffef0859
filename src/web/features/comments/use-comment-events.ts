import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { commentsKey, highlightsKey } from './comment-queries';

/**
 * Keeps an open workbench's comments and highlights current: the server says "comments" when
 * anyone changes them, and the page reads both again. Without EventSource, focus refetches.
 */
export function useCommentEvents(id: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`${commentsKey(id)[0]}/events`, { withCredentials: true });
    source.addEventListener('comments', () => {
      void queryClient.invalidateQueries({ queryKey: commentsKey(id) });
      void queryClient.invalidateQueries({ queryKey: highlightsKey(id) });
    });
    return () => source.close();
  }, [id, queryClient]);
}
