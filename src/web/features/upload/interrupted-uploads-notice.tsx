import { useEffect, useState } from 'react';
import { formatFileSize } from '../../../core/format/format-file-size';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  discardInterruptedUpload,
  findInterruptedUploads,
  type InterruptedUpload,
} from './interrupted-uploads';

/**
 * After a reload or a closed laptop: the uploads this browser left unfinished, each offered to go
 * on from where it stopped once the same file is chosen again (the browser may not reopen a file
 * by itself), or to be discarded.
 */
export function InterruptedUploadsNotice({ onResume }: { onResume: () => void }) {
  const [uploads, setUploads] = useState<InterruptedUpload[]>([]);
  useEffect(() => {
    void findInterruptedUploads().then(setUploads);
  }, []);
  if (uploads.length === 0) return null;
  return (
    <Alert tone="info" title="Unfinished uploads">
      <ul className="mt-1 space-y-2">
        {uploads.map((upload) => (
          <li key={upload.key}>
            <p>
              {upload.filename} ({formatFileSize(upload.size)}) stopped before the end. Choose the
              same file again to go on from where it stopped.
            </p>
            <div className="mt-1 flex flex-wrap gap-2">
              <Button size="sm" onClick={onResume}>
                Resume {upload.filename}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  void discardInterruptedUpload(upload);
                  setUploads((current) => current.filter((item) => item.key !== upload.key));
                }}
              >
                Discard
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
