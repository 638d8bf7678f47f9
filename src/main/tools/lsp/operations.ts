// The nine operations as language server requests: which method, with which params, and how its answer
// becomes items. incomingCalls and outgoingCalls first prepare the call hierarchy at the position, as
// Claude Code does. workspaceSymbol searches for the word at the position (our reading: Claude Code's
// input has no query field).
import type { CallHierarchyIncomingCall, CallHierarchyItem, CallHierarchyOutgoingCall, Position } from 'vscode-languageserver-protocol';
import type { LspOperation } from '../../../shared/tools/lsp';
import type { LanguageServerHandle } from '../../lsp/manager';
import {
  fromCallItems,
  fromDocumentSymbols,
  fromIncomingCalls,
  fromLocations,
  fromOutgoingCalls,
  fromWorkspaceSymbols,
  hoverText,
  type Converted,
  type Places,
} from './convert';

export interface OperationCall {
  server: LanguageServerHandle;
  uri: string;
  /** 0-based, as the protocol counts. */
  position: Position;
  /** The word at the position ('' when none). */
  word: string;
  places: Places;
  signal: AbortSignal;
}

export type OperationAnswer = Converted & { hover?: string };

const METHODS = {
  goToDefinition: 'textDocument/definition',
  goToImplementation: 'textDocument/implementation',
  findReferences: 'textDocument/references',
  hover: 'textDocument/hover',
  documentSymbol: 'textDocument/documentSymbol',
  workspaceSymbol: 'workspace/symbol',
  prepareCallHierarchy: 'textDocument/prepareCallHierarchy',
} as const;

export async function runOperation(operation: LspOperation, c: OperationCall): Promise<OperationAnswer> {
  const ask = <R>(method: string, params: unknown) => c.server.request<R>(method, params, c.signal);
  const at = { textDocument: { uri: c.uri }, position: c.position };
  switch (operation) {
    case 'goToDefinition':
    case 'goToImplementation':
      return fromLocations(await ask(METHODS[operation], at), c.places);
    case 'findReferences':
      return fromLocations(await ask(METHODS.findReferences, { ...at, context: { includeDeclaration: true } }), c.places);
    case 'hover': {
      const hover = hoverText(await ask(METHODS.hover, at));
      return { items: [], hidden: 0, ...(hover ? { hover } : {}) };
    }
    case 'documentSymbol':
      return fromDocumentSymbols(await ask(METHODS.documentSymbol, { textDocument: { uri: c.uri } }), c.uri, c.places);
    case 'workspaceSymbol':
      return fromWorkspaceSymbols(await ask(METHODS.workspaceSymbol, { query: c.word }), c.places);
    case 'prepareCallHierarchy':
      return fromCallItems(await ask(METHODS.prepareCallHierarchy, at), c.places);
    case 'incomingCalls':
    case 'outgoingCalls': {
      const prepared = (await ask<CallHierarchyItem[] | null>(METHODS.prepareCallHierarchy, at)) ?? [];
      const item = prepared[0];
      if (!item) return { items: [], hidden: 0 };
      if (operation === 'incomingCalls') return fromIncomingCalls(await ask<CallHierarchyIncomingCall[] | null>('callHierarchy/incomingCalls', { item }), c.places);
      return fromOutgoingCalls(await ask<CallHierarchyOutgoingCall[] | null>('callHierarchy/outgoingCalls', { item }), c.places);
    }
  }
}
