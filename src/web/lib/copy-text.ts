/**
 * Puts text on the clipboard. The Clipboard API exists only on https or localhost; a self-hosted
 * instance reached over plain http falls back to a selected, hidden textarea and execCommand. The
 * textarea goes next to `near` so that a modal dialog's focus trap does not take the focus back.
 */
export async function copyText(text: string, near: Element = document.body): Promise<void> {
  if (window.isSecureContext && navigator.clipboard) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  const container = near === document.body ? near : (near.parentElement ?? document.body);
  container.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('The browser refused to copy');
}
