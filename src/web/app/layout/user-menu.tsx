import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'wouter';
import type { CurrentUser } from '../../../core/api/account';
import { UserAvatar } from './user-avatar';

const itemClasses =
  'block cursor-pointer rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100';

export function UserMenu({ user }: { user: CurrentUser }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger aria-label="Open user menu" className="rounded-full">
        <UserAvatar user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-60 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <div className="px-3 py-2">
            <p className="truncate text-sm font-semibold text-slate-900">{user.username}</p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link href="/">Dashboard</Link>
          </DropdownMenu.Item>
          {!user.isPaid ? (
            <DropdownMenu.Item asChild className={itemClasses}>
              <Link href="/upgrade">Upgrade to Pro</Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link href="/account">Account settings</Link>
          </DropdownMenu.Item>
          {user.isAdmin ? (
            <DropdownMenu.Item asChild className={itemClasses}>
              <Link href="/admin">Admin</Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild className={itemClasses}>
            <a href="/api/logout">Sign out</a>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export default UserMenu;
