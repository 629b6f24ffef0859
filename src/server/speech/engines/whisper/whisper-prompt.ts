/**
 * whisper.cpp keeps the last n_text_ctx/2 tokens of a prompt (224 for the published models,
 * roughly 900 characters of English). The caller's prompt (custom vocabulary) comes first and
 * the previous window's end last, each capped so both fit.
 */
const MAX_PROMPT_CHARACTERS = 600;
const MAX_PREVIOUS_CHARACTERS = 300;

export function buildWhisperPrompt(
  prompt: string | undefined,
  previousText: string | undefined,
): string | undefined {
  const parts = [
    startOf(prompt?.trim() ?? '', MAX_PROMPT_CHARACTERS),
    endOf(previousText?.trim() ?? '', MAX_PREVIOUS_CHARACTERS),
  ].filter((part) => part !== '');
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/** The first characters, cut at a word boundary. */
function startOf(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  const space = cut.lastIndexOf(' ');
  return space > 0 ? cut.slice(0, space) : cut;
}

/** The last characters, cut at a word boundary. */
function endOf(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(-limit);
  const space = cut.indexOf(' ');
  return space >= 0 ? cut.slice(space + 1) : cut;
}
