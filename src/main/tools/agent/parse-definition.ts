// One agent file in Claude Code's format (`.claude/agents/<name>.md`): YAML front matter (name,
// description, tools, disallowedTools, model, permissionMode) and a body that is the system prompt.
// Pure; a broken file is a warning of its own that names the file and what is wrong.
import { parseYaml } from '../../base/front-matter';
import { PERMISSION_MODES, type PermissionMode } from '../../permissions/types';
import type { AgentDefinition, AgentSource } from './definitions';

export type ParsedDefinition = { ok: true; definition: AgentDefinition } | { ok: false; warning: string };

const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;

/** `tools: Read, Grep` or `tools: [Read, Grep]`: the names, trimmed, empty ones dropped. */
function toolList(value: unknown, field: string): { list?: string[]; problem?: string } {
  if (value === undefined || value === null) return {};
  if (typeof value === 'string') return { list: value.split(',').map((s) => s.trim()).filter(Boolean) };
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return { list: value.map((s) => s.trim()).filter(Boolean) };
  return { problem: `"${field}" must be a comma-separated list or a list of tool names` };
}

export function parseAgentFile(file: string, text: string, source: AgentSource): ParsedDefinition {
  const fail = (why: string): ParsedDefinition => ({ ok: false, warning: `The agent file ${file} was not loaded: ${why}.` });
  const m = FRONT_MATTER.exec(text);
  if (!m) return fail('it does not start with a front matter block between "---" lines');
  let meta: unknown;
  try {
    meta = parseYaml(m[1]!);
  } catch (err) {
    return fail(`its front matter is not valid YAML (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`);
  }
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) return fail('its front matter is not a set of "key: value" lines');
  const f = meta as Record<string, unknown>;
  if (typeof f.name !== 'string' || !f.name.trim()) return fail('it has no "name"');
  const name = f.name.trim();
  if (!NAME.test(name)) return fail(`its name "${name}" may only hold letters, digits, "-", "_", "." and ":"`);
  if (typeof f.description !== 'string' || !f.description.trim()) return fail('it has no "description" (it tells when to use the agent)');
  const tools = toolList(f.tools, 'tools');
  if (tools.problem) return fail(tools.problem);
  const disallowed = toolList(f.disallowedTools, 'disallowedTools');
  if (disallowed.problem) return fail(disallowed.problem);
  if (f.model !== undefined && (typeof f.model !== 'string' || !f.model.trim())) return fail('"model" must be sonnet, opus, haiku, inherit or a model id');
  if (f.permissionMode !== undefined && !PERMISSION_MODES.includes(f.permissionMode as PermissionMode)) {
    return fail(`"permissionMode" must be one of ${PERMISSION_MODES.join(', ')}`);
  }
  const body = text.slice(m[0].length).trim();
  return {
    ok: true,
    definition: {
      agentType: name,
      whenToUse: f.description.trim(),
      ...(tools.list ? { tools: tools.list } : {}),
      ...(disallowed.list ? { disallowedTools: disallowed.list } : {}),
      ...(typeof f.model === 'string' ? { model: f.model.trim() } : {}),
      ...(f.permissionMode ? { permissionMode: f.permissionMode as PermissionMode } : {}),
      systemPrompt: body,
      source,
      file,
    },
  };
}
