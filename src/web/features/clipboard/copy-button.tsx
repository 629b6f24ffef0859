import { Check, Copy } from 'lucide-react';
import { useEffect, useState, type MouseEvent } from 'react';
import { toast } from '../toasts/toast-store';
import { copyText } from '../../lib/copy-text';
import { Button } from '../../components/ui/button';

interface CopyButtonProps {
  /** The text to copy, read when clicked. */
  text: () => string;
  label: string;
  variant?: 'primary' | 'outline' | 'secondary' | 'ghost';
  size?: 'sm' | 'md';
  className?: string;
}

const COPIED_FOR_MS = 2_000;

/** Copies on click and says "Copied" for two seconds; a refusal is told in a toast. */
export function CopyButton({
  text,
  label,
  variant = 'outline',
  size = 'md',
  className,
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = (event: MouseEvent<HTMLButtonElement>) => {
    copyText(text(), event.currentTarget).then(
      () => setCopied(true),
      () =>
        toast({
          title: 'Copy failed',
          description: 'Select the text and copy it with Ctrl+C (⌘C on a Mac).',
          variant: 'destructive',
        }),
    );
  };

  return (
    <Button variant={variant} size={size} className={className} onClick={copy}>
      {copied ? (
        <Check aria-hidden="true" className="h-4 w-4 text-green-600" />
      ) : (
        <Copy aria-hidden="true" className="h-4 w-4" />
      )}
      <span aria-live="polite">{copied ? 'Copied' : label}</span>
    </Button>
  );
}
