/**
 * The speech engine itself failed (library missing, service down), as opposed to a problem with
 * the user's audio. The message is written for the operator; users see a generic failure.
 */
export class SpeechEngineError extends Error {
  override name = 'SpeechEngineError';
}
