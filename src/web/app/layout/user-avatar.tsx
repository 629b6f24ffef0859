import type { CurrentUser } from '../../../core/api/account';

export function UserAvatar({ user }: { user: CurrentUser }) {
  if (user.profileImageUrl) {
    return (
      <img
        src={user.profileImageUrl}
        alt=""
        width={32}
        height={32}
        className="h-8 w-8 rounded-full object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
    >
      {(user.username.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
