// The request rules of the Messages API that our engine must respect, checked by the fake server so a
// malformed transcript fails a test the way it would fail against the real API (400 invalid_request_error).

type Block = { type?: unknown; text?: unknown; id?: unknown; tool_use_id?: unknown };

function blocksOf(content: unknown): Block[] | null {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? (content as Block[]) : null;
}

/** A problem message in the API's wording, or null when the request is well-formed. */
export function checkRequest(body: Record<string, unknown>): string | null {
  if (typeof body.model !== 'string' || body.model.length === 0) return 'model: Field required';
  if (!Number.isInteger(body.max_tokens) || (body.max_tokens as number) < 1) return 'max_tokens: Field required';
  if (body.system !== undefined && typeof body.system !== 'string' && !Array.isArray(body.system)) return 'system: Input should be a valid list';
  if (body.tools !== undefined) {
    if (!Array.isArray(body.tools)) return 'tools: Input should be a valid list';
    for (const [i, t] of (body.tools as Record<string, unknown>[]).entries()) {
      // A server tool (web search) is named by its `type` and has no input_schema.
      if (typeof t?.type === 'string' && t.type !== 'custom') {
        if (typeof t.name !== 'string') return `tools.${i}.name: Field required`;
        continue;
      }
      if (typeof t?.name !== 'string' || typeof t?.input_schema !== 'object') return `tools.${i}: name and input_schema are required`;
    }
  }
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0) return 'messages: at least one message is required';
  let prevRole: unknown = null;
  let prevToolUses = new Set<string>();
  for (const [i, m] of (messages as Record<string, unknown>[]).entries()) {
    if (m?.role !== 'user' && m?.role !== 'assistant') return `messages.${i}.role: Input should be 'user' or 'assistant'`;
    if (i === 0 && m.role !== 'user') return 'messages: first message must use the "user" role';
    if (m.role === prevRole) return 'messages: roles must alternate between "user" and "assistant", but found multiple "' + String(m.role) + '" roles in a row';
    const blocks = blocksOf(m.content);
    if (!blocks || blocks.length === 0) return `messages.${i}: all messages must have non-empty content except for the optional final assistant message`;
    const toolUses = new Set<string>();
    const answered = new Set<string>();
    for (const [j, b] of blocks.entries()) {
      if (b.type === 'text' && (typeof b.text !== 'string' || b.text.length === 0)) return `messages.${i}.content.${j}: text content blocks must be non-empty`;
      if (b.type === 'tool_use') {
        if (m.role !== 'assistant') return `messages.${i}.content.${j}: tool_use blocks are only allowed in assistant messages`;
        toolUses.add(String(b.id));
      }
      if (b.type === 'tool_result') {
        if (m.role !== 'user') return `messages.${i}.content.${j}: tool_result blocks are only allowed in user messages`;
        if (!prevToolUses.has(String(b.tool_use_id))) {
          return `messages.${i}.content.${j}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(b.tool_use_id)}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
        }
        answered.add(String(b.tool_use_id));
      }
    }
    if (prevToolUses.size > 0) {
      const missing = [...prevToolUses].filter((id) => !answered.has(id));
      if (missing.length > 0) {
        return `messages.${i - 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
      }
    }
    prevRole = m.role;
    prevToolUses = toolUses;
  }
  return null;
}
