// The open session's changed files, from the tools store: only the file-changing calls are picked
// (shallowly compared), so streaming output elsewhere never recomputes the diffs.
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useTools } from '../stores/react';
import { collectChanges, isFileChange, type FileChange } from './select-changes';

export function useChanges(): FileChange[] {
  const calls = useTools(useShallow((s) => Object.values(s.calls).filter(isFileChange)));
  return useMemo(() => collectChanges(calls), [calls]);
}
