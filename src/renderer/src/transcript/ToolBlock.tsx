// The generic view of a tool call and its result, until a tool has its own view (tools/<name>/).
import type { ReactNode } from 'react';
import type { ContentBlock } from '../../../shared/transcript';

type ToolUse = Extract<ContentBlock, { type: 'tool_use' }>;
type ToolResult = Extract<ContentBlock, { type: 'tool_result' }>;

function pretty(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

export function ToolUseView({ block }: { block: ToolUse }): ReactNode {
  return (
    <details className="tool-block">
      <summary>
        <span className="tool-block__kind">Tool</span> {block.name}
      </summary>
      <pre className="tool-block__body">{pretty(block.input)}</pre>
    </details>
  );
}

export function ToolResultView({ block }: { block: ToolResult }): ReactNode {
  const text = typeof block.content === 'string' ? block.content : block.content.map((c) => c.text).join('\n');
  return (
    <details className={block.is_error ? 'tool-block tool-block--error' : 'tool-block'}>
      <summary>
        <span className="tool-block__kind">{block.is_error ? 'Tool error' : 'Tool result'}</span>
      </summary>
      <pre className="tool-block__body">{text}</pre>
    </details>
  );
}
