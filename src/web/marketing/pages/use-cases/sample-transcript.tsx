import { Download, FileAudio } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';

const LINES = [
  {
    time: '00:00',
    text: 'Thanks for making time today. Can you start with what happened on Tuesday night?',
  },
  {
    time: '00:06',
    text: 'Sure. The council called an emergency session just after eight, and by nine the vote on the bridge contract had been postponed.',
  },
  { time: '00:17', text: 'Was that decision expected?' },
  {
    time: '00:19',
    text: 'Not at all. Two members told me that afternoon they had the votes to approve it.',
  },
];

/** A static picture of a finished transcript; the button is part of the picture, so it is inert. */
export function SampleTranscript() {
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white shadow-lg">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-5 py-4">
        <div className="flex min-w-0 items-center gap-3">
          <FileAudio aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-600" />
          <span className="truncate font-medium text-slate-900">council-interview.m4a</span>
          <Badge tone="success">Transcribed</Badge>
        </div>
        <Button size="sm" variant="outline" disabled title="Sample only">
          <Download aria-hidden="true" className="h-4 w-4" />
          Export Transcript
        </Button>
      </div>
      <ol className="space-y-4 px-5 py-5 text-sm sm:text-base">
        {LINES.map((line) => (
          <li key={line.time} className="flex gap-4">
            <span className="w-12 shrink-0 font-mono text-xs leading-6 text-brand-700">
              {line.time}
            </span>
            <span className="text-slate-700">{line.text}</span>
          </li>
        ))}
      </ol>
      <figcaption className="border-t border-slate-200 px-5 py-3 text-xs text-slate-500">
        Sample transcript with timestamps. Names and events are fictional.
      </figcaption>
    </figure>
  );
}
