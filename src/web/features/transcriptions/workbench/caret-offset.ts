/**
 * Where in an element's text a click landed, as a character offset: lets a click on a line start
 * editing with the caret at the clicked spot. The element's length when the browser cannot say.
 */
export function caretOffsetAt(element: HTMLElement, x: number, y: number): number {
  const full = element.textContent?.length ?? 0;
  const position = caretPosition(x, y);
  if (!position || !element.contains(position.node)) return full;
  let offset = 0;
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node === position.node) return offset + position.offset;
    offset += node.textContent?.length ?? 0;
  }
  return full;
}

function caretPosition(x: number, y: number): { node: Node; offset: number } | null {
  if (typeof document.caretPositionFromPoint === 'function') {
    const position = document.caretPositionFromPoint(x, y);
    return position ? { node: position.offsetNode, offset: position.offset } : null;
  }
  const range = document.caretRangeFromPoint?.(x, y);
  return range ? { node: range.startContainer, offset: range.startOffset } : null;
}
