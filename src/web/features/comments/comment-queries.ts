import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CommentDto,
  CreateCommentBody,
  CreateHighlightBody,
  HighlightDto,
  UpdateCommentBody,
} from '../../../core/api/comments';
import { apiRequest, getJson } from '../../lib/api-client';

const base = (id: string) => `/api/transcriptions/${encodeURIComponent(id)}`;
export const commentsKey = (id: string) => [`${base(id)}/comments`] as const;
export const highlightsKey = (id: string) => [`${base(id)}/highlights`] as const;

/** The transcript's comments, oldest first; read again when the window comes back into focus. */
export function useComments(id: string) {
  return useQuery({
    queryKey: commentsKey(id),
    queryFn: async () => (await getJson<CommentDto[]>(commentsKey(id)[0])) ?? [],
    refetchOnWindowFocus: true,
  });
}

export function useHighlights(id: string) {
  return useQuery({
    queryKey: highlightsKey(id),
    queryFn: async () => (await getJson<HighlightDto[]>(highlightsKey(id)[0])) ?? [],
    refetchOnWindowFocus: true,
  });
}

/** Every change to comments or highlights: sent, then both lists read again. */
export function useCommentActions(id: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: commentsKey(id) }),
      queryClient.invalidateQueries({ queryKey: highlightsKey(id) }),
    ]);
  const after = { onSuccess: refresh };
  return {
    add: useMutation({
      mutationFn: async (body: CreateCommentBody) =>
        (await (await apiRequest('POST', commentsKey(id)[0], body)).json()) as CommentDto,
      ...after,
    }),
    change: useMutation({
      mutationFn: async ({ commentId, ...body }: UpdateCommentBody & { commentId: string }) =>
        (await (
          await apiRequest('PATCH', `/api/comments/${encodeURIComponent(commentId)}`, body)
        ).json()) as CommentDto,
      ...after,
    }),
    remove: useMutation({
      mutationFn: async (commentId: string) => {
        await apiRequest('DELETE', `/api/comments/${encodeURIComponent(commentId)}`);
      },
      ...after,
    }),
    highlight: useMutation({
      mutationFn: async (body: CreateHighlightBody) =>
        (await (await apiRequest('POST', highlightsKey(id)[0], body)).json()) as HighlightDto,
      ...after,
    }),
    unhighlight: useMutation({
      mutationFn: async (highlightId: string) => {
        await apiRequest('DELETE', `/api/highlights/${encodeURIComponent(highlightId)}`);
      },
      ...after,
    }),
  };
}
export type CommentActions = ReturnType<typeof useCommentActions>;
