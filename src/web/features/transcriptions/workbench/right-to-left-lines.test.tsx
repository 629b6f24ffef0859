import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TranscriptSegments } from '../../sharing/transcript-segments';
import { SegmentEditor } from './segment-editor';
import { SegmentLine } from './segment-line';

const HEBREW = 'שלום, זה מבחן של 3 מילים';
const ARABIC = 'مرحبا بالعالم';
const segments = [
  { start: 0, end: 2, text: HEBREW, speaker: 'Speaker 1' },
  { start: 2, end: 4, text: ARABIC, speaker: 'Speaker 1' },
];
const ignore = () => undefined;

/** The opening tag of the element whose own text is exactly `text`. */
function elementHolding(html: string, text: string): string {
  const at = html.indexOf(`>${text}<`);
  expect(at, `${text} is shown`).toBeGreaterThan(0);
  return html.slice(html.lastIndexOf('<', at), at + 1);
}

describe('right-to-left lines', () => {
  it('let the browser find each line direction on the workbench (dir="auto")', () => {
    const html = renderToString(
      <ol>
        {segments.map((segment, index) => (
          <SegmentLine
            key={index}
            segment={segment}
            index={index}
            isPlaying={false}
            playingWord={-1}
            pieces={[{ text: segment.text, match: 'none' }]}
            editor={null}
            readOnly={false}
            speakers={['Speaker 1']}
            startsTurn={index === 0}
            edited={index === 1}
            onSeek={ignore}
            onSeekTo={ignore}
            onEdit={ignore}
            onGiveTo={ignore}
            onNewSpeaker={ignore}
            onRenameSpeaker={ignore}
          />
        ))}
      </ol>,
    );
    expect(elementHolding(html, HEBREW)).toContain('dir="auto"');
    expect(elementHolding(html, ARABIC)).toContain('dir="auto"');
    // The line a person changed says so; the other does not.
    expect(html.match(/>edited</g)).toHaveLength(1);
    expect(html.indexOf('>edited<')).toBeGreaterThan(html.indexOf(HEBREW));
  });

  it('edit a line in a field that follows its direction', () => {
    const html = renderToString(
      <SegmentEditor
        initialText={HEBREW}
        caret={0}
        label="Line at 0:00"
        canMerge={false}
        onText={ignore}
        onDone={ignore}
        onCancel={ignore}
        onSplit={ignore}
        onMerge={ignore}
      />,
    );
    expect(elementHolding(html, HEBREW)).toMatch(/^<textarea[^>]* dir="auto"/);
  });

  it('show each line of the shared page in its own direction', () => {
    const html = renderToString(
      <TranscriptSegments segments={segments} activeIndex={-1} onSelect={ignore} />,
    );
    expect(elementHolding(html, HEBREW)).toContain('dir="auto"');
    expect(elementHolding(html, ARABIC)).toContain('dir="auto"');
  });
});
