import { Check, ChevronDown, ChevronRight, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import type { CommentActions } from './comment-queries';
import type { CommentThread } from './comment-threads';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';
import { toastCommentError } from './comment-errors';

/** A thread: its first comment, the replies, a reply field; resolved ones start folded. */
export function CommentThreadView({
  thread,
  actions,
}: {
  thread: CommentThread;
  actions: CommentActions;
}) {
  const { root, replies } = thread;
  const [expanded, setExpanded] = useState(!root.resolved);
  const [replying, setReplying] = useState(false);
  const { change, add } = actions;
  const resolve = (resolved: boolean) =>
    change.mutate(
      { commentId: root.id, resolved },
      {
        onSuccess: () => setExpanded(!resolved),
        onError: toastCommentError(
          resolved ? 'Could not resolve the thread' : 'Could not reopen the thread',
        ),
      },
    );

  if (root.resolved && !expanded) {
    return (
      <article
        aria-label={`Resolved thread by ${root.author.name}`}
        className="rounded-lg border border-slate-200 bg-slate-50"
      >
        <button
          type="button"
          aria-expanded={false}
          onClick={() => setExpanded(true)}
          className="flex w-full items-start gap-1.5 rounded-lg px-3 py-2 text-left text-xs text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <ChevronRight aria-hidden="true" className="mt-0.5 h-3.5 w-3.5 shrink-0" />
          <span className="min-w-0">
            <span className="block font-medium text-emerald-700">
              Resolved{root.resolvedBy ? ` by ${root.resolvedBy.name}` : ''}
            </span>
            <span className="line-clamp-2 break-words">
              {root.author.name}: {root.text}
              {replies.length > 0
                ? ` (${replies.length} ${replies.length === 1 ? 'reply' : 'replies'})`
                : null}
            </span>
          </span>
        </button>
      </article>
    );
  }

  return (
    <article
      aria-label={`Thread by ${root.author.name}`}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-3 shadow-xs"
    >
      {thread.lineRemoved ? (
        <p className="text-xs font-medium text-amber-800">Line removed since this comment</p>
      ) : null}
      {root.resolved ? (
        <button
          type="button"
          aria-expanded={true}
          onClick={() => setExpanded(false)}
          className="flex items-center gap-1 text-xs font-medium text-emerald-700 hover:underline"
        >
          <ChevronDown aria-hidden="true" className="h-3.5 w-3.5" />
          Resolved{root.resolvedBy ? ` by ${root.resolvedBy.name}` : ''}
        </button>
      ) : null}
      <CommentItem comment={root} actions={actions} isThread />
      {replies.length > 0 ? (
        <ol aria-label="Replies" className="space-y-3 border-l-2 border-slate-100 pl-3">
          {replies.map((reply) => (
            <li key={reply.id}>
              <CommentItem comment={reply} actions={actions} isThread={false} />
            </li>
          ))}
        </ol>
      ) : null}
      {replying ? (
        <CommentForm
          label="Write a reply"
          submitLabel="Reply"
          busy={add.isPending}
          autoFocus
          onCancel={() => setReplying(false)}
          onSubmit={async (text) => {
            await add.mutateAsync({ text, parent: root.id }).catch((error: unknown) => {
              toastCommentError('Could not send the reply')(error);
              throw error;
            });
            setReplying(false);
          }}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setReplying(true)}>
            Reply
          </Button>
          {root.canResolve ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={change.isPending}
              onClick={() => resolve(!root.resolved)}
            >
              {root.resolved ? (
                <RotateCcw aria-hidden="true" className="h-4 w-4" />
              ) : (
                <Check aria-hidden="true" className="h-4 w-4" />
              )}
              {root.resolved ? 'Reopen' : 'Resolve'}
            </Button>
          ) : null}
        </div>
      )}
    </article>
  );
}
