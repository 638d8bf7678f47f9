// The language server protocol library (vscode-languageserver-protocol over vscode-jsonrpc), required
// at its first use: a start with no language server configured never loads it. Types come from the
// `import type`, which the build erases.
import { createRequire } from 'node:module';
import type * as Protocol from 'vscode-languageserver-protocol/node';

const load = createRequire(__filename);

export type LspProtocol = typeof Protocol;

let loaded: LspProtocol | undefined;

export function lspProtocol(): LspProtocol {
  loaded ??= load('vscode-languageserver-protocol/node') as LspProtocol;
  return loaded;
}
