import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

export const CONFLICT_TITLE = 'This transcript was changed in another tab or window.';

/** A stale edit: says so plainly and offers the way out. */
export function ConflictAlert({ onReload }: { onReload: () => void }) {
  return (
    <Alert tone="error" title={CONFLICT_TITLE}>
      <p>Your last change was not saved. Reload to see the latest version, then make it again.</p>
      <Button variant="destructive" size="sm" className="mt-3" onClick={onReload}>
        Reload transcript
      </Button>
    </Alert>
  );
}
