import { formatDistanceToNow } from 'date-fns';
import { useState } from 'react';
import type { CommentDto } from '../../../core/api/comments';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import type { CommentActions } from './comment-queries';
import { CommentForm } from './comment-form';
import { toastCommentError } from './comment-errors';

const linkButton =
  'rounded px-1 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 max-sm:min-h-11';

/** "Ada Lovelace · 2 minutes ago", with the exact time on hover. */
export function CommentByline({ comment }: { comment: CommentDto }) {
  const created = new Date(comment.createdAt);
  const edited = comment.updatedAt !== comment.createdAt;
  return (
    <p className="text-xs text-slate-500">
      <span className="font-semibold text-slate-800">{comment.author.name}</span>
      {' · '}
      <time dateTime={comment.createdAt} title={created.toLocaleString()}>
        {formatDistanceToNow(created, { addSuffix: true })}
      </time>
      {edited ? ' · edited' : null}
    </p>
  );
}

/** One comment: who and when, its words, and what the viewer may do to it. */
export function CommentItem({
  comment,
  actions,
  isThread,
}: {
  comment: CommentDto;
  actions: CommentActions;
  /** The thread's first comment: deleting it takes the replies. */
  isThread: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { change, remove } = actions;

  return (
    <div className="space-y-1" data-comment-id={comment.id}>
      <CommentByline comment={comment} />
      {editing ? (
        <CommentForm
          label="Edit your comment"
          submitLabel="Save"
          initialText={comment.text}
          busy={change.isPending}
          autoFocus
          onCancel={() => setEditing(false)}
          onSubmit={async (text) => {
            await change.mutateAsync({ commentId: comment.id, text }).catch((error: unknown) => {
              toastCommentError('Could not save the comment')(error);
              throw error;
            });
            setEditing(false);
          }}
        />
      ) : (
        <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{comment.text}</p>
      )}
      {!editing && (comment.canEdit || comment.canDelete) ? (
        <div className="flex gap-1">
          {comment.canEdit ? (
            <button type="button" className={linkButton} onClick={() => setEditing(true)}>
              Edit
            </button>
          ) : null}
          {comment.canDelete ? (
            <button type="button" className={linkButton} onClick={() => setConfirming(true)}>
              Delete
            </button>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={isThread ? 'Delete this thread?' : 'Delete this reply?'}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(comment.id, {
            onSuccess: () => setConfirming(false),
            onError: toastCommentError('Could not delete the comment'),
          })
        }
      >
        <p>
          {isThread
            ? 'The comment and every reply to it are deleted for everyone. This cannot be undone.'
            : 'The reply is deleted for everyone. This cannot be undone.'}
        </p>
      </ConfirmDialog>
    </div>
  );
}
