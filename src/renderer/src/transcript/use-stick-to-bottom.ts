// Keeps a scroll box pinned to its bottom while content grows, unless the person scrolled up to read.
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** How close to the bottom (px) still counts as "at the bottom". */
const SLACK = 48;

export function useStickToBottom(
  box: RefObject<HTMLElement | null>,
  content: unknown,
  resetKey: unknown,
): { atBottom: boolean; onScroll: () => void; jumpToBottom: () => void } {
  const pinned = useRef(true);
  const [atBottom, setAtBottom] = useState(true);

  const onScroll = useCallback(() => {
    const el = box.current;
    if (!el) return;
    const now = el.scrollHeight - el.scrollTop - el.clientHeight <= SLACK;
    pinned.current = now;
    setAtBottom(now);
  }, [box]);

  const jumpToBottom = useCallback(() => {
    const el = box.current;
    if (!el) return;
    pinned.current = true;
    setAtBottom(true);
    el.scrollTop = el.scrollHeight;
  }, [box]);

  // Another conversation opened: start at its end.
  useLayoutEffect(() => {
    pinned.current = true;
    setAtBottom(true);
  }, [resetKey]);

  useLayoutEffect(() => {
    const el = box.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [box, content, resetKey]);

  return { atBottom, onScroll, jumpToBottom };
}
