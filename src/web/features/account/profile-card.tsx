import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { userNameProblem } from '../../../core/user-name';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/input';
import { useServerSendsEmail } from '../../lib/use-server-sends-email';
import { CURRENT_USER_KEY, useAuth } from '../auth/use-auth';
import { toast } from '../toasts/toast-store';
import { changeEmail, changeName, changePassword } from './profile-requests';
import { SettingsForm } from './settings-form';

type Editing = 'name' | 'email' | 'password' | null;

/** Name, email and password, each changed in place. */
export function ProfileCard() {
  const { user } = useAuth();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);
  return (
    <Card role="region" aria-labelledby="profile-card-title">
      <CardHeader>
        <CardTitle id="profile-card-title">Profile</CardTitle>
      </CardHeader>
      <CardContent className="divide-y divide-slate-100 text-sm">
        <ProfileRow
          term="Name"
          value={user?.username}
          action="Change name"
          open={editing === 'name'}
          onOpen={() => setEditing('name')}
        >
          <NameForm current={user?.username ?? ''} onDone={close} />
        </ProfileRow>
        <ProfileRow
          term="Email"
          value={user?.email}
          action="Change email"
          open={editing === 'email'}
          onOpen={() => setEditing('email')}
        >
          <EmailForm onDone={close} />
        </ProfileRow>
        <ProfileRow
          term="Password"
          value="••••••••"
          action="Change password"
          open={editing === 'password'}
          onOpen={() => setEditing('password')}
        >
          <PasswordForm onDone={close} />
        </ProfileRow>
      </CardContent>
    </Card>
  );
}

function ProfileRow(props: {
  term: string;
  value: string | undefined;
  action: string;
  open: boolean;
  onOpen: () => void;
  children: React.ReactNode;
}) {
  return (
    <div className="py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <div className="text-slate-500">{props.term}</div>
          <div className="break-all text-slate-900">{props.value}</div>
        </div>
        {props.open ? null : (
          <Button variant="outline" size="sm" className="min-h-11" onClick={props.onOpen}>
            {props.action}
          </Button>
        )}
      </div>
      {props.open ? props.children : null}
    </div>
  );
}

function useRefreshUser() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
}

function NameForm({ current, onDone }: { current: string; onDone: () => void }) {
  const id = useId();
  const [name, setName] = useState(current);
  const refreshUser = useRefreshUser();
  return (
    <SettingsForm
      label="Change name"
      submitLabel="Save name"
      onCancel={onDone}
      onSubmit={async () => {
        const problem = userNameProblem(name);
        if (problem) return problem;
        const outcome = await changeName(name.trim());
        if (!outcome.ok) return outcome.error;
        await refreshUser();
        toast({ title: 'Name saved', description: `You are now ${name.trim()}.` });
        onDone();
        return null;
      }}
    >
      <TextField
        id={`${id}-name`}
        label="Name"
        autoComplete="name"
        value={name}
        onChange={setName}
      />
    </SettingsForm>
  );
}

function EmailForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const sendsEmail = useServerSendsEmail();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const refreshUser = useRefreshUser();
  return (
    <SettingsForm
      label="Change email"
      submitLabel="Change email"
      onCancel={onDone}
      onSubmit={async () => {
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(newEmail.trim()))
          return 'Please enter a valid email address.';
        if (password === '') return 'Enter your current password.';
        const outcome = await changeEmail(newEmail.trim(), password);
        if (!outcome.ok) return outcome.error;
        await refreshUser();
        toast(
          outcome.value.outcome === 'changed'
            ? {
                title: 'Email changed',
                description: `You now sign in with ${outcome.value.email}.`,
              }
            : {
                title: 'Check your new inbox',
                description: `We sent a link to ${newEmail.trim()}. Your address changes when you follow it.`,
              },
        );
        onDone();
        return null;
      }}
    >
      <p className="text-slate-600">
        {sendsEmail
          ? 'We will send a link to the new address; it changes when you follow the link.'
          : 'This server does not send email, so your current password confirms the change.'}
      </p>
      <TextField
        id={`${id}-email`}
        label="New email"
        type="email"
        autoComplete="email"
        value={newEmail}
        onChange={setNewEmail}
      />
      <TextField
        id={`${id}-current`}
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
    </SettingsForm>
  );
}

function PasswordForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  return (
    <SettingsForm
      label="Change password"
      submitLabel="Change password"
      onCancel={onDone}
      onSubmit={async () => {
        if (current === '') return 'Enter your current password.';
        if (next.length < 8) return 'The new password needs at least 8 characters.';
        if (next !== repeat) return 'The two new passwords are not the same.';
        const outcome = await changePassword(current, next);
        if (!outcome.ok) return outcome.error;
        toast({
          title: 'Password changed',
          description: 'Your other devices were signed out.',
        });
        onDone();
        return null;
      }}
    >
      <TextField
        id={`${id}-current`}
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={setCurrent}
      />
      <TextField
        id={`${id}-new`}
        label="New password"
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={setNext}
      />
      <TextField
        id={`${id}-repeat`}
        label="New password again"
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={setRepeat}
      />
    </SettingsForm>
  );
}

/** One labelled field of a settings form. */
function TextField(props: {
  id: string;
  label: string;
  type?: 'email' | 'password';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        type={props.type}
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </div>
  );
}
