import { Link } from 'wouter';
import { Alert } from '../../components/ui/alert';
import { splitMessage } from './validate-audio-file';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The month's transcriptions are used up: said at once, with the way out. */
export function MonthlyLimitNotice({ message }: { message: string }) {
  const { title, description } = splitMessage(message);
  return (
    <Alert tone="warning" title={title}>
      <p>{capitalized(description ?? '')}</p>
      <Link href="/upgrade" className="mt-2 inline-block font-semibold underline">
        Upgrade to Pro
      </Link>
    </Alert>
  );
}
