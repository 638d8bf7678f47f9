// The edit request kind's data, pure: the proposed change of an Edit/Write/NotebookEdit request (its
// preview when main sent one, else what the input says), its hunks and the sentence that sums it up
// ("Change 2 lines in src/app.ts", "Create src/new.ts (40 lines)", "Overwrite config.json").
import type { FileChangePreview, PermissionRequestView } from '../../../../shared/permissions/request';
import type { PermissionRuleValue } from '../../../../shared/permissions/rule';
import type { PatchHunk } from '../../../../shared/tools/edit';
import { countChanges, diffTexts, splitLines, type ChangeCount } from '../../diff/compute';
import { changeSentence, type ChangeAction } from '../../diff/change-words';
import { displayPath } from '../../tools/shared/paths';
import type { ViewEnv } from '../../tools/view-env';

export interface ProposedChange {
  /** Absolute path ('' when the input names none). */
  path: string;
  action: ChangeAction;
  preview: FileChangePreview | null;
  /** The preview's hunks (empty without a preview). */
  hunks: PatchHunk[];
  count: ChangeCount;
  /** Lines of the new content (a created file's size). */
  newLines: number;
}

const field = (input: unknown, key: string): string => {
  const r = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  return typeof r[key] === 'string' ? (r[key] as string) : '';
};

export function requestPath(request: PermissionRequestView): string {
  return request.preview?.path || field(request.input, 'file_path') || field(request.input, 'notebook_path');
}

// One model per request object: summary() and Details both ask, and a diff is not free.
const models = new WeakMap<PermissionRequestView, ProposedChange>();

export function proposedChange(request: PermissionRequestView): ProposedChange {
  const known = models.get(request);
  if (known) return known;
  const preview = request.preview ?? null;
  const path = requestPath(request);
  let model: ProposedChange;
  if (preview) {
    const hunks = diffTexts(preview.oldContent, preview.newContent);
    const action: ChangeAction =
      preview.changeKind === 'create' ? 'create' : preview.changeKind === 'delete' ? 'delete' : request.toolName === 'Write' ? 'overwrite' : 'edit';
    model = { path, action, preview, hunks, count: countChanges(hunks), newLines: splitLines(preview.newContent).length };
  } else {
    // No preview (it could not be computed): say what the input says, nothing more.
    const content = field(request.input, 'content');
    const createsByEdit = request.toolName === 'Edit' && (request.input as { old_string?: unknown } | null)?.old_string === '';
    const action: ChangeAction = request.toolName === 'Write' ? (request.destructive ? 'overwrite' : 'create') : createsByEdit ? 'create' : 'edit';
    const newText = request.toolName === 'Write' ? content : field(request.input, 'new_string') || field(request.input, 'new_source');
    model = { path, action, preview: null, hunks: [], count: { added: 0, removed: 0 }, newLines: splitLines(newText).length };
  }
  models.set(request, model);
  return model;
}

export function editQuestion(request: PermissionRequestView): string {
  const { action } = proposedChange(request);
  if (request.toolName === 'NotebookEdit') return 'Allow Agent Desk to change a notebook?';
  if (action === 'create') return 'Allow Agent Desk to create a file?';
  if (action === 'overwrite') return 'Allow Agent Desk to overwrite a file?';
  if (action === 'delete') return 'Allow Agent Desk to delete a file?';
  return 'Allow Agent Desk to change a file?';
}

export function editSummary(request: PermissionRequestView, env?: ViewEnv): string {
  const change = proposedChange(request);
  const name = displayPath(change.path, env?.projectDir) || 'a file';
  if (request.toolName === 'NotebookEdit') {
    const mode = field(request.input, 'edit_mode') || 'replace';
    const cell = field(request.input, 'cell_id');
    if (mode === 'insert') return `Add a cell to ${name}`;
    if (mode === 'delete') return `Delete ${cell ? `cell ${cell}` : 'a cell'} from ${name}`;
    return `Change ${cell ? `cell ${cell}` : 'a cell'} in ${name}`;
  }
  if (!change.preview && change.action === 'edit') return `Change ${name}`;
  return changeSentence(change.action, name, change.count, change.newLines);
}

/** Edit/Write/NotebookEdit rules in words: every file, or files matching a pattern. */
export function editRuleWords(rule: PermissionRuleValue): string {
  const what = rule.toolName === 'Write' ? 'Creating or overwriting' : rule.toolName === 'NotebookEdit' ? 'Changing notebooks' : 'Changing';
  const c = rule.ruleContent?.trim();
  if (!c) return rule.toolName === 'NotebookEdit' ? 'Changing any notebook, without asking' : `${what} any file, without asking`;
  return `${what === 'Changing notebooks' ? 'Changing notebooks' : `${what} files`} matching “${c}”, without asking`;
}
