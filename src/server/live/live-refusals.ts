import { LIVE_CLOSE } from '../../core/live-transcription.js';
import { monthlyLimitMessage } from '../../core/limit-messages.js';
import type { Plan } from '../../core/plans.js';
import type { LiveAdmission } from './live-preview-leases.js';

type Refusal = Extract<LiveAdmission, { admitted: false }>['reason'];

/** What a refused live preview tells the recorder, and the code it closes with. */
export function liveRefusal(
  reason: Refusal,
  plan: Plan,
  sessionsPerAccount: number,
): { code: number; message: string } {
  switch (reason) {
    case 'monthly-limit':
      return {
        code: LIVE_CLOSE.monthlyLimit,
        message: `${monthlyLimitMessage(plan)} The recording goes on without a live preview.`,
      };
    case 'account-limit':
      return {
        code: LIVE_CLOSE.tooManySessions,
        message: `At most ${sessionsPerAccount} live previews at a time. Close the other recorder to see this one live.`,
      };
    case 'free-places-taken':
      return {
        code: LIVE_CLOSE.busy,
        message:
          'Every live preview open to the Free plan is in use right now. The recording goes on, and its transcript comes once you use it; Pro keeps places of its own.',
      };
    case 'full':
      return {
        code: LIVE_CLOSE.busy,
        message:
          'The live preview is busy right now: every place is in use. The recording goes on, and its transcript comes once you use it.',
      };
  }
}
