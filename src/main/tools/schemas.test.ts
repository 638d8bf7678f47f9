// The tools array every Messages request sends (TC1, AS5), one snapshot over
// every tool of getAllBaseTools(): a new tool changes it, so none can join the pool unseen, and a
// change to any name, description or input_schema (the prompt cache's key) is a reviewed diff.
// The traits each tool declares (issue 11 item 1) are part of it: what the rest of the app knows of it.
import { describe, expect, it } from 'vitest';
import { getAllBaseTools } from './builtin';
import { toApiTool } from './core/tools-param';

describe('the tools sent to the model (TC1, AS5)', () => {
  it('every built-in tool: its name, prompt, input_schema and traits', () => {
    const tools = getAllBaseTools().map((t) => ({
      ...toApiTool(t),
      traits: {
        kind: t.kind ?? 'other',
        ...(t.target ? { target: t.target } : {}),
        ...(t.startsProgram ? { startsProgram: true } : {}),
        ...(t.abortsSiblingsOnFailure ? { abortsSiblingsOnFailure: true } : {}),
        ...(t.simpleMode ? { simpleMode: true } : {}),
        ...(t.shouldDefer ? { shouldDefer: true } : {}),
        ...(t.requiresUserInteraction ? { requiresUserInteraction: true } : {}),
        ...(t.endsPlanMode ? { endsPlanMode: true } : {}),
        ...(t.checklist ? { checklist: t.checklist } : {}),
        ...(t.requires ? { requires: t.requires } : {}),
      },
    }));
    expect(tools).toMatchSnapshot();
  });
});
