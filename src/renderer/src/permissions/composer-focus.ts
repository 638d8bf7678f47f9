// The message box is where typed text belongs: approvals send keys that were not meant for them
// back there (PX1), and F6 moves between a waiting request and the message box.
export const COMPOSER_INPUT_ID = 'composer-input';

/** Focuses the message box; a key whose keydown is under way then lands in it. False when there is none. */
export function focusComposer(doc: Document = document): boolean {
  const box = doc.getElementById(COMPOSER_INPUT_ID);
  if (!(box instanceof HTMLTextAreaElement) || box.disabled) return false;
  // The box keeps its caret from before: typing goes on where it stopped.
  box.focus();
  return true;
}
