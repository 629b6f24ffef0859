import {
  Clock,
  Download,
  FileAudio,
  Lock,
  Mic,
  Search,
  Smartphone,
  Timer,
  Trash2,
  Users,
  Zap,
  Quote,
  FolderOpen,
} from 'lucide-react';
import type { Feature } from '../../components/feature-grid';
import type { Step } from '../../components/step-list';
import { ACCOUNT_FORMATS, MAX_UPLOAD, RECORDER_MINUTES } from '../../plan-facts';

export const BENEFITS: Feature[] = [
  {
    icon: Clock,
    title: 'File faster',
    description:
      'Skip hours of typing after every interview and spend the time on reporting and writing.',
  },
  {
    icon: Quote,
    title: 'Quote with confidence',
    description: 'Check every quote against the recording with timestamps before it goes to print.',
  },
  {
    icon: Search,
    title: 'Find the moment',
    description: 'Search your transcripts for a name or figure instead of scrubbing through audio.',
  },
  {
    icon: Lock,
    title: 'Protect your sources',
    description: 'Recordings stay private to your account, and you can delete them at any time.',
  },
];

export interface Workflow {
  title: string;
  intro: string;
  steps: Step[];
}

export const WORKFLOWS: Workflow[] = [
  {
    title: 'Field Interviews',
    intro: 'From a conversation on location to a story with accurate quotes.',
    steps: [
      { title: 'Record', description: 'Record on your phone or recorder, close to the speaker.' },
      {
        title: 'Upload',
        description: `Upload the ${ACCOUNT_FORMATS} file when you are back online.`,
      },
      {
        title: 'Transcribe',
        description: 'Get a timestamped draft while you write up your notes.',
      },
      { title: 'Verify', description: 'Play back each quote you plan to use and correct names.' },
      { title: 'File', description: 'Paste the verified quotes into your story and file.' },
    ],
  },
  {
    title: 'Press Conferences',
    intro: 'Get the key lines out quickly without missing what was said.',
    steps: [
      { title: 'Capture', description: 'Record the briefing, or download the official audio.' },
      { title: 'Upload', description: 'Upload straight after the event.' },
      { title: 'Scan', description: 'Skim the transcript for announcements and answers.' },
      { title: 'Pull quotes', description: 'Copy the key statements with their timestamps.' },
      {
        title: 'Publish',
        description: 'Publish the update, then use the full text for follow-ups.',
      },
    ],
  },
  {
    title: 'Investigative Journalism',
    intro: 'Keep months of interviews searchable and under your control.',
    steps: [
      { title: 'Collect', description: 'Gather interviews, calls and tips as you go.' },
      { title: 'Transcribe', description: 'Transcribe each recording into your private library.' },
      { title: 'Search', description: 'Cross-check names, dates and claims across transcripts.' },
      { title: 'Corroborate', description: 'Go back to the exact audio behind each claim.' },
      {
        title: 'Protect',
        description: 'Delete sensitive recordings when the story no longer needs them.',
      },
    ],
  },
];

export const ESSENTIAL_FEATURES: Feature[] = [
  {
    icon: Mic,
    title: 'Multiple Audio Sources',
    description: `Upload files from any recorder or phone (${ACCOUNT_FORMATS}, up to ${MAX_UPLOAD}), or record up to ${RECORDER_MINUTES} minutes straight from your browser.`,
  },
  {
    icon: Users,
    title: 'Speaker Identification',
    description:
      'Every line says who is speaking. Voices are told apart automatically on our own servers; name the interviewer and the interviewee once and every line of theirs follows.',
  },
  {
    icon: Timer,
    title: 'Timestamp Markers',
    description:
      'Every passage carries its time in the recording, so you can jump straight to the audio behind a quote.',
  },
];

export const SUPPORTING_FEATURES: Feature[] = [
  {
    icon: Zap,
    title: 'Priority processing',
    description: 'Pro jobs go to the front of the queue.',
  },
  {
    icon: FileAudio,
    title: 'Long interviews',
    description: `Pro transcribes whole files up to ${MAX_UPLOAD}.`,
  },
  {
    icon: Download,
    title: 'Downloads for every desk',
    description: 'Download transcripts as Word, PDF, plain text or subtitles, with speaker names.',
  },
  {
    icon: FolderOpen,
    title: 'Your archive',
    description: 'Every transcript kept in one private library.',
  },
  {
    icon: Smartphone,
    title: 'Works on mobile',
    description: 'Upload and read transcripts from your phone.',
  },
  {
    icon: Trash2,
    title: 'Delete any time',
    description: 'Remove recordings the moment you no longer need them.',
  },
];
