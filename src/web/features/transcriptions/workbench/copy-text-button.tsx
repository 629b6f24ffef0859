import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../toasts/toast-store';

/** "Copy text" puts the whole transcript on the clipboard and says "Copied" for a moment. */
export function CopyTextButton({ text }: { text: () => string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2_000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text());
      setCopied(true);
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Your browser did not allow copying. Select the text and copy it instead.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Button variant="outline" className="min-w-32" onClick={() => void copy()}>
      {copied ? (
        <Check aria-hidden="true" className="h-4 w-4 text-emerald-600" />
      ) : (
        <Copy aria-hidden="true" className="h-4 w-4" />
      )}
      <span aria-live="polite">{copied ? 'Copied' : 'Copy text'}</span>
    </Button>
  );
}
