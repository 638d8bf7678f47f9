// PL1: lookup by name, then alias, then deprecated alias; unknown → null.
import { describe, expect, it } from 'vitest';
import { deprecationNote, findToolByName } from './lookup';
import { fakeTool } from './test-tools';

const agent = fakeTool('Agent', { aliases: ['Task'], deprecatedAliases: ['Dispatch'] });
const read = fakeTool('Read', { aliases: ['FileRead'] });
// A tool whose alias is another tool's name: the real name must still win.
const shadow = fakeTool('Shadow', { aliases: ['Read'] });
const tools = [shadow, agent, read];

describe('findToolByName (PL1)', () => {
  const cases: Array<[string, string | null, string | null]> = [
    ['Agent', 'Agent', 'name'],
    ['Read', 'Read', 'name'],
    ['Task', 'Agent', 'alias'],
    ['FileRead', 'Read', 'alias'],
    ['Dispatch', 'Agent', 'deprecated-alias'],
    ['agent', null, null],
    ['NoSuchTool', null, null],
    ['', null, null],
  ];
  it.each(cases)('PL1 %j → %s via %s', (name, toolName, via) => {
    const hit = findToolByName(tools, name);
    if (toolName === null) expect(hit).toBeNull();
    else expect(hit).toEqual({ tool: tools.find((t) => t.name === toolName), via });
  });

  it('PL1 the deprecation note names the old and the new name', () => {
    expect(deprecationNote('Dispatch', agent)).toBe('Note: the tool name "Dispatch" is deprecated; call "Agent" instead.');
  });
});
