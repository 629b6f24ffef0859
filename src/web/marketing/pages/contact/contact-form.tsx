import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, type FieldError as FormFieldError } from 'react-hook-form';
import {
  CONTACT_LIMITS,
  contactMessageSchema,
  type ContactMessage,
} from '../../../../core/contact';
import type { ContactAnswer } from '../../../../core/api/contact';
import { MESSAGES } from '../../../../core/messages';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label, Textarea } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
// The one feature module public pages use: the global toast store (tiny, already in the app shell).
import { toast } from '../../../features/toasts/toast-store';
import { apiRequest, HttpError } from '../../../lib/api-client';

const EMPTY: ContactMessage = { name: '', email: '', subject: '', message: '' };

function failureText(error: unknown): string {
  if (error instanceof HttpError) return error.serverMessage ?? error.message;
  if (error instanceof TypeError)
    return 'We could not reach the server. Check your connection and try again.';
  return error instanceof Error ? error.message : MESSAGES.genericError;
}

/** aria attributes that tie a field to its error message, present only while there is one. */
function errorProps(error: FormFieldError | undefined, errorId: string) {
  return error
    ? { 'aria-invalid': true as const, 'aria-describedby': errorId }
    : { 'aria-invalid': false as const };
}

/** The 'Send a Message' form: validated with the shared schema, delivered to POST /api/contact. */
export function ContactForm() {
  const id = useId();
  const ids = {
    name: `${id}-name`,
    email: `${id}-email`,
    subject: `${id}-subject`,
    message: `${id}-message`,
  };
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessage>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const response = await apiRequest('POST', '/api/contact', values);
      const answer = (await response.json()) as ContactAnswer;
      toast(
        answer.forwarded
          ? { title: MESSAGES.contactSentTitle, description: MESSAGES.contactSent }
          : { title: MESSAGES.contactStoredTitle, description: MESSAGES.contactStored },
      );
      reset(EMPTY);
    } catch (error) {
      toast({ title: 'Message not sent', description: failureText(error), variant: 'destructive' });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={isSubmitting} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <Label htmlFor={ids.name}>Name</Label>
          <Input
            id={ids.name}
            autoComplete="name"
            maxLength={CONTACT_LIMITS.nameMax}
            {...errorProps(errors.name, `${ids.name}-error`)}
            {...register('name')}
          />
          <FieldError id={`${ids.name}-error`} message={errors.name?.message} />
        </div>
        <div>
          <Label htmlFor={ids.email}>Email</Label>
          <Input
            id={ids.email}
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={CONTACT_LIMITS.emailMax}
            {...errorProps(errors.email, `${ids.email}-error`)}
            {...register('email')}
          />
          <FieldError id={`${ids.email}-error`} message={errors.email?.message} />
        </div>
      </div>
      <div>
        <Label htmlFor={ids.subject}>Subject</Label>
        <Input
          id={ids.subject}
          maxLength={CONTACT_LIMITS.subjectMax}
          {...errorProps(errors.subject, `${ids.subject}-error`)}
          {...register('subject')}
        />
        <FieldError id={`${ids.subject}-error`} message={errors.subject?.message} />
      </div>
      <div>
        <Label htmlFor={ids.message}>Message</Label>
        <Textarea
          id={ids.message}
          rows={6}
          maxLength={CONTACT_LIMITS.messageMax}
          {...errorProps(errors.message, `${ids.message}-error`)}
          {...register('message')}
        />
        <FieldError id={`${ids.message}-error`} message={errors.message?.message} />
      </div>
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
        {isSubmitting ? <Spinner className="h-4 w-4 border-white border-t-transparent" /> : null}
        Send Message
      </Button>
    </form>
  );
}
