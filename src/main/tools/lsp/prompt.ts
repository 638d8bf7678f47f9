// The model-facing words of the LSP tool, modelled on Claude Code's (same operations and fields, our wording).
export const LSP_DESCRIPTION = 'Code intelligence from a language server: definitions, references, hover, symbols, implementations and call hierarchy';

export const LSP_PROMPT = `Interact with a language server (LSP) for code intelligence: go to definitions, find references, read type information and documentation, list symbols and follow calls — by meaning, not by text.

Operations:
- goToDefinition: where the symbol at the position is defined
- findReferences: every reference to the symbol at the position, across the workspace
- hover: type information and documentation for the symbol at the position
- documentSymbol: every symbol (functions, classes, variables…) in the file
- workspaceSymbol: symbols across the workspace whose name matches the word at the position
- goToImplementation: implementations of the interface or abstract member at the position
- prepareCallHierarchy: the call hierarchy item (function or method) at the position
- incomingCalls: the functions and methods that call the function at the position
- outgoingCalls: the functions and methods the function at the position calls

Every operation takes:
- filePath: the file (absolute, or relative to the working folder)
- line: the line number, 1-based as shown in editors and by the Read tool
- character: the column, 1-based as shown in editors (documentSymbol ignores line and character; give 1 and 1)

Put the position on the symbol's name, not on whitespace before it. Results give paths relative to the project and 1-based line:column.

Only files handled by a configured language server work (the lspServers setting); for others, use Grep and Read. A language server that is starting may take some seconds on its first call.`;
