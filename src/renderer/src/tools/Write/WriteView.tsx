// Write's view (UI2): "Create src/new.ts" with the whole content highlighted (folded after ~30 lines,
// "Show all"), or "Overwrite config.json" with a diff against what the file held before.
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { countChanges } from '../../diff/compute';
import { changedWords } from '../../diff/change-words';
import { CodeView } from '../../diff/CodeView';
import { DiffView } from '../../diff/DiffView';
import { FileFacts } from '../shared/FileFacts';
import { baseName, displayPath, plural } from '../shared/paths';
import { isActive } from '../state';
import type { ToolViewParts, ToolViewProps } from '../types';
import { useViewEnv, type ViewEnv } from '../view-env';
import { lineCount, writeInput, writeOutput } from './write-facts';

const subject = (call: ToolCallView, env?: ViewEnv): string => displayPath(writeInput(call.input).filePath, env?.projectDir) || 'a file';

function WriteUse({ call }: ToolViewProps): ReactNode {
  const out = writeOutput(call);
  if (!out) {
    const { content } = writeInput(call.input);
    return <FileFacts>{plural(lineCount(content), 'line')} to write</FileFacts>;
  }
  if (out.type === 'create') return <FileFacts>{changedWords('create', { added: lineCount(out.content), removed: 0 })}</FileFacts>;
  const count = countChanges(out.structuredPatch);
  return <FileFacts>{changedWords('overwrite', count)}</FileFacts>;
}

function WriteResult({ call }: ToolViewProps): ReactNode {
  const env = useViewEnv();
  const name = subject(call, env);
  const out = writeOutput(call);
  if (out?.type === 'update') {
    return <DiffView hunks={out.structuredPatch} path={out.filePath} label={`Changes to ${name}`} emptyText="The new content is the same as the old." />;
  }
  const { filePath, content } = out ? { filePath: out.filePath, content: out.content } : writeInput(call.input);
  return <CodeView text={content} path={filePath} label={`Content of ${name}`} added={out?.type === 'create'} />;
}

function WriteGrouped({ calls }: { calls: readonly ToolCallView[] }): ReactNode {
  const going = calls.some((c) => isActive(c.state));
  const names = [...new Set(calls.map((c) => baseName(writeInput(c.input).filePath) || 'a file'))];
  return (
    <>
      {going ? 'Writing' : 'Wrote'} {plural(names.length, 'file')}
      <span className="tool-group__list">: {names.slice(0, 3).join(', ')}{names.length > 3 ? ', …' : ''}</span>
    </>
  );
}

export const writeView: ToolViewParts = {
  subject,
  title: (call, env) => {
    const out = writeOutput(call);
    const verb = out ? (out.type === 'create' ? 'Create' : 'Overwrite') : 'Write';
    return `${verb} ${subject(call, env)}`;
  },
  Use: WriteUse,
  Result: WriteResult,
  hasOutput: ({ call }) => call.state === 'succeeded',
  Grouped: WriteGrouped,
};
