// What the model reads for a TaskOutput call: Claude Code's tagged shape (<retrieval_status>, <task_id>,
// <task_type>, <status>, <exit_code>, <output>), plus a line when part of the new output was left out.
import type { TaskOutputData } from '../../../shared/tools/task-output';
import { formatBytes } from '../../../shared/format-bytes';

export function formatTaskOutput(d: TaskOutputData): string {
  const parts = [
    `<retrieval_status>${d.retrievalStatus}</retrieval_status>`,
    `<task_id>${d.taskId}</task_id>`,
    `<task_type>${d.taskType}</task_type>`,
    `<status>${d.status}</status>`,
  ];
  if (d.exitCode !== undefined && d.exitCode !== null) parts.push(`<exit_code>${d.exitCode}</exit_code>`);
  const out = d.output.trimEnd();
  if (d.omittedBytes > 0) {
    const n = d.omittedBytes;
    const size = n < 1024 ? formatBytes(n) : `${formatBytes(n)} (${n.toLocaleString('en-US')} bytes)`;
    parts.push(
      `<output_truncated>${size} of new output before what is shown were left out; ` +
        `the full output is in ${d.outputFile}</output_truncated>`,
    );
  }
  if (out) parts.push(`<output>\n${out}\n</output>`);
  else parts.push('<output>(no new output)</output>');
  return parts.join('\n\n');
}
