// A tool's own short request to the model, outside the conversation (WebFetch's answer over a page,
// WebSearch's server-side search): which model, the messages, any server tools; the reply's blocks.
import type { ApiMessage, RawContentBlock, ServerTool } from '../../model/types';

export interface SideQueryRequest {
  /** 'small': the small fast model the settings name (ANTHROPIC_DEFAULT_HAIKU_MODEL), else the session's. */
  model: 'small' | 'session';
  system?: string;
  messages: ApiMessage[];
  /** Tools the API runs itself (web search). */
  serverTools?: ServerTool[];
  maxTokens?: number;
}

export interface SideQueryReply {
  /** Every block of the reply in order, server-tool blocks included. */
  blocks: RawContentBlock[];
  /** The reply's text blocks joined. */
  text: string;
  /** The model that answered. */
  model: string;
}

/** Throws what the model client throws (a ModelError), or on abort. */
export type SideQuery = (request: SideQueryRequest, signal: AbortSignal) => Promise<SideQueryReply>;
