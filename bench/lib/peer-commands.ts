// The peer bench's Bash commands (bash-serial and large-output scenarios), with the fixture path filled in.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type PeerCommand = { scenario: string; command: string };

export function peerCommands(peer: string, fixture: string): PeerCommand[] {
  const out: PeerCommand[] = [];
  for (const scenario of ['bash-serial', 'large-output']) {
    const s = JSON.parse(readFileSync(join(peer, 'scenarios', `${scenario}.json`), 'utf8')) as { turns: Array<{ content: Array<{ type: string; name?: string; input?: { command: string } }> }> };
    for (const b of s.turns[0]!.content) if (b.type === 'tool_use' && b.name === 'Bash') out.push({ scenario, command: b.input!.command.split('{{FIXTURE}}').join(fixture) });
  }
  return out;
}
