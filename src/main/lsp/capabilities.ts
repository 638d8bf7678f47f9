// What Agent Desk tells a language server it understands: the nine operations of the LSP tool, read
// only (no edits applied, no completion), markdown or plain hover text, nested document symbols.
import type { ClientCapabilities } from 'vscode-languageserver-protocol';

export function clientCapabilities(): ClientCapabilities {
  return {
    general: { positionEncodings: ['utf-16'] },
    workspace: { workspaceFolders: true, configuration: true, symbol: { dynamicRegistration: false } },
    window: { workDoneProgress: false },
    textDocument: {
      synchronization: { dynamicRegistration: false, didSave: false, willSave: false },
      definition: { linkSupport: true },
      implementation: { linkSupport: true },
      references: {},
      hover: { contentFormat: ['markdown', 'plaintext'] },
      documentSymbol: { hierarchicalDocumentSymbolSupport: true },
      callHierarchy: { dynamicRegistration: false },
      publishDiagnostics: {},
    },
  };
}
