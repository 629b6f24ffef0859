import { MESSAGES } from '../../core/messages';
import { Spinner } from '../components/ui/spinner';

export function FullScreenLoading() {
  return (
    <div className="flex min-h-[70vh] items-center justify-center">
      <Spinner className="h-10 w-10" label={MESSAGES.loadingAuth} />
    </div>
  );
}
