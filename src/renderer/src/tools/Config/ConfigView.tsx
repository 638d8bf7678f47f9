// Config's card (issue 19): which setting the assistant looked at or changed, in words ("How the
// assistant works by default"), its value before and after ("Ask before changes" → "Edit files without
// asking"), the file that changed, and what else decides when something does.
import type { ReactNode } from 'react';
import { ConfigData, configSettingInfo, configValueWords, makeConfigInputSchema, type ConfigInput } from '../../../../shared/tools/config';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { genericView } from '../generic/GenericView';
import { FileFacts } from '../shared/FileFacts';
import type { ToolViewParts, ToolViewProps } from '../types';

function inputOf(call: ToolCallView): ConfigInput | null {
  const parsed = makeConfigInputSchema().safeParse(call.input);
  return parsed.success ? parsed.data : null;
}

function done(call: ToolCallView): ConfigData | null {
  const parsed = ConfigData.safeParse(call.result?.data);
  return call.state === 'succeeded' && parsed.success ? parsed.data : null;
}

const labelOf = (setting: string): string => configSettingInfo(setting)?.label ?? setting;

export function configTitle(call: ToolCallView): string {
  const input = inputOf(call);
  if (!input) return 'A setting';
  const label = labelOf(input.setting);
  const reads = input.value === undefined;
  if (call.state === 'failed' || call.state === 'rejected') return reads ? `Could not look at the setting “${label}”` : `The setting “${label}” was not changed`;
  if (reads) return `Looked at the setting “${label}”`;
  return done(call) ? `Changed the setting “${label}”` : `Change the setting “${label}”`;
}

function ConfigUse({ call }: ToolViewProps): ReactNode {
  const input = inputOf(call);
  const data = done(call);
  if (!input) return null;
  const words = (v: ConfigData['value']) => configValueWords(input.setting, v, 'the default');
  if (input.value === undefined) {
    return data ? (
      <FileFacts>
        <span className="file-facts__muted">It is </span>
        <strong>{words(data.value)}</strong>
      </FileFacts>
    ) : null;
  }
  return (
    <FileFacts>
      {data ? (
        <>
          <span className="file-facts__muted">From </span>
          <strong>{words(data.previousValue)}</strong>
          <span className="file-facts__muted"> to </span>
          <strong>{words(data.newValue)}</strong>
        </>
      ) : (
        <>
          <span className="file-facts__muted">To </span>
          <strong>{words(typeof input.value === 'string' ? input.value : String(input.value))}</strong>
        </>
      )}
    </FileFacts>
  );
}

function ConfigNotes({ call }: ToolViewProps): ReactNode {
  const data = done(call);
  if (!data || (!data.file && !data.note)) return null;
  return (
    <>
      {data.file && (
        <p className="tool-note">
          Saved in <code>{data.file}</code>
        </p>
      )}
      {data.note && <p className="tool-note">{data.note}</p>}
    </>
  );
}

function ConfigGrouped({ calls }: { calls: readonly ToolCallView[] }): ReactNode {
  const changed = calls.filter((c) => inputOf(c)?.value !== undefined).length;
  return changed === 0 ? <>Looked at {calls.length} settings</> : <>Looked at or changed {calls.length} settings</>;
}

export const configView: ToolViewParts = {
  subject: (call) => labelOf(inputOf(call)?.setting ?? 'a setting'),
  title: configTitle,
  Use: ConfigUse,
  Notes: ConfigNotes,
  hasOutput: (props) => done(props.call) === null && genericView.hasOutput(props),
  Grouped: ConfigGrouped,
};
