// When the person last typed into a text field (the message box, a rule editor, …): approvals read it
// so a request that arrives mid-sentence is not answered by the sentence (PX1). One capture listener
// per document, installed by the first reader.

const lastTyped = new WeakMap<Document, { at: number }>();

/** A field that takes text: what a key typed there is meant for. */
export function isTextEntry(el: Element | null): boolean {
  if (!el) return false;
  if (el instanceof HTMLTextAreaElement) return !el.readOnly && !el.disabled;
  if (el instanceof HTMLInputElement) {
    const textual = ['text', 'search', 'email', 'url', 'tel', 'password', 'number', ''];
    return textual.includes(el.type) && !el.readOnly && !el.disabled;
  }
  return el instanceof HTMLElement && el.isContentEditable;
}

function watch(doc: Document): { at: number } {
  let entry = lastTyped.get(doc);
  if (!entry) {
    const e = { at: -Infinity };
    lastTyped.set(doc, e);
    doc.addEventListener(
      'keydown',
      (ev) => {
        if (isTextEntry(ev.target instanceof Element ? ev.target : null)) e.at = performance.now();
      },
      { capture: true },
    );
    entry = e;
  }
  return entry;
}

/** performance.now() of the last key typed into a text field of `doc` (-Infinity: never). */
export function lastTypedAt(doc: Document = document): number {
  return watch(doc).at;
}

/** Counts a key as typing although it did not land in a text field (it is on its way to one). */
export function noteTyping(doc: Document = document): void {
  watch(doc).at = performance.now();
}

/** Starts watching now, so keys typed before the first request are seen. */
export function startTypingWatch(doc: Document = document): void {
  watch(doc);
}
