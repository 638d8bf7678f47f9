// The model client's plain-data vocabulary: one request in, normalized stream events out.
// Tools (a later issue) plug in through `tools` and the complete `tool_use` events.
import type { ContentBlock, Usage } from '../../shared/transcript';

type TextBlock = Extract<ContentBlock, { type: 'text' }>;
type ToolUseBlock = Extract<ContentBlock, { type: 'tool_use' }>;
type ToolResultBlock = Extract<ContentBlock, { type: 'tool_result' }>;
export type { TextBlock, ToolResultBlock, ToolUseBlock };

/** A message as the Messages API takes it (roles strictly alternate, starting with user). */
export interface ApiMessage {
  role: 'user' | 'assistant';
  content: ContentBlock[];
}

/** A prompt-cache breakpoint (AS5). */
export interface CacheControl {
  type: 'ephemeral';
  ttl?: '5m' | '1h';
}

/** A tool definition as sent to the model (the SDK's `Tool` is assignable to it). */
export interface ApiTool {
  name: string;
  description?: string;
  input_schema: Record<string, unknown>;
  cache_control?: CacheControl | null;
}

/** One block of the `system` param; a breakpoint after the system prompt keeps it cached. */
export interface SystemBlock {
  type: 'text';
  text: string;
  cache_control?: CacheControl | null;
}

/** A tool the API runs itself (web search): its `type` names it, it has no input_schema. */
export interface ServerTool {
  type: string;
  name: string;
  [option: string]: unknown;
}

/** A reply's block as the API sent it, server-tool blocks included (`server_tool_use`, `web_search_tool_result`). */
export type RawContentBlock = { type: string; [field: string]: unknown };

export interface ModelRequest {
  model: string;
  system?: string | SystemBlock[];
  messages: ApiMessage[];
  tools?: Array<ApiTool | ServerTool>;
  maxTokens?: number;
}

export type ModelStreamEvent =
  /** The reply began; `model` is what the server says it is using. */
  | { type: 'start'; model: string }
  | { type: 'text'; index: number; text: string }
  /** A tool_use block is complete (its input fully streamed and parsed). */
  | { type: 'tool_use'; index: number; block: ToolUseBlock; inputError?: string }
  /** `raw`: every block in order as sent, server-tool blocks too (the conversation keeps only `content`). */
  | { type: 'done'; content: ContentBlock[]; stopReason: string | null; usage: Usage; model: string; raw?: RawContentBlock[] };

export interface ModelClient {
  /** Streams one request. Throws ModelError (already classified) on failure, including 'aborted'. */
  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelStreamEvent>;
  /**
   * The request's input tokens as the API counts them (/v1/messages/count_tokens); null when it cannot
   * tell (an endpoint without it, a failure): the caller estimates instead. Never throws.
   */
  countTokens?(request: Omit<ModelRequest, 'maxTokens'>, signal: AbortSignal): Promise<number | null>;
}
