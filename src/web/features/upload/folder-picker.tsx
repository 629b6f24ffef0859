import { FolderOpen } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button';

/** "Choose a folder": every audio file in it, and in its subfolders, joins a bulk upload. */
export function FolderPicker({
  disabled,
  onFiles,
}: {
  disabled: boolean;
  onFiles: (files: File[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  // Not in React's types: the attribute that makes the picker choose a folder.
  useEffect(() => input.current?.setAttribute('webkitdirectory', ''), []);
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label="Audio folder"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <Button
        variant="outline"
        size="sm"
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        <FolderOpen aria-hidden="true" className="h-4 w-4" />
        Choose a folder
      </Button>
    </>
  );
}
