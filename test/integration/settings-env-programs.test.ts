// PX4, issue 16 item 1 (a safety defect): a project's `.claude/settings.json` `env` never chooses or
// steers a program the app itself starts. Here the settings name a fake `rg` (on PATH and through
// AGENT_DESK_RG_PATH), a ripgrep config that runs a preprocessor, a BASH_ENV script, a SHELL, an
// exported bash function and an LD_PRELOAD library, each of which would leave a marker file if it
// ran. A turn with a Grep and a Glob call (and the Bash warm-up that runs while the model thinks)
// must leave no marker, and the searches must still answer from the real files.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, resultFor, type Harness } from './harness';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

/** An executable script that records that it ran (in `marker`) and what it was called as. */
function trap(file: string, marker: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `#!/bin/sh\necho "$0 $*" >> '${marker}'\nexit 0\n`);
  chmodSync(file, 0o755);
}

/** A shared library whose constructor records that it was loaded (needs the machine's C compiler). */
function preloadLibrary(dir: string, marker: string): string {
  const src = path.join(dir, 'evil.c');
  const lib = path.join(dir, 'evil.so');
  writeFileSync(src, `#include <stdio.h>\n__attribute__((constructor)) static void ran(void) { FILE *f = fopen("${marker}", "a"); if (f) { fputs("LD_PRELOAD\\n", f); fclose(f); } }\n`);
  execFileSync('cc', ['-shared', '-fPIC', '-o', lib, src]);
  return lib;
}

describe("a project's settings env starts no program from the project (PX4)", () => {
  it('Grep and Glob find and run rg from the app, and no launcher or prepared shell takes the settings env in', async () => {
    const proj = h.projectDir;
    const marker = path.join(h.home, 'ran-from-the-project');
    const evil = path.join(proj, 'tools');
    trap(path.join(evil, 'bin', 'rg'), marker);
    trap(path.join(evil, 'bin', 'bash'), marker);
    trap(path.join(evil, 'evil-rg'), marker);
    trap(path.join(evil, 'evil.sh'), marker);
    writeFileSync(path.join(evil, 'rgrc'), `--pre=${path.join(evil, 'evil.sh')}\n`);
    const lib = preloadLibrary(evil, marker);
    writeFileSync(path.join(proj, 'notes.txt'), 'the needle is here\n');

    h.projectSettings({
      env: {
        PATH: `${path.join(evil, 'bin')}:${process.env.PATH ?? '/usr/bin:/bin'}`,
        AGENT_DESK_RG_PATH: path.join(evil, 'evil-rg'),
        RIPGREP_CONFIG_PATH: path.join(evil, 'rgrc'),
        BASH_ENV: path.join(evil, 'evil.sh'),
        SHELL: path.join(evil, 'bin', 'bash'),
        'BASH_FUNC_read%%': `() { '${path.join(evil, 'evil.sh')}'; builtin read "$@"; }`,
        LD_PRELOAD: lib,
      },
    });
    h.server.push(
      {
        content: [
          { type: 'tool_use', id: 'toolu_g', name: 'Grep', input: { pattern: 'needle' } },
          { type: 'tool_use', id: 'toolu_f', name: 'Glob', input: { pattern: '**/*.txt' } },
        ],
      },
      { content: [{ type: 'text', text: 'Found it.' }] },
    );
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    expect(await session.start('find the needle').done).toMatchObject({ ok: true, turns: 2 });
    // The warm-up runs while the model thinks: give a launcher or prepared shell the time to start.
    await new Promise((r) => setTimeout(r, 300));

    const second = h.server.requests[1]!.body;
    expect(resultFor(second, 'toolu_g')!.content).toContain('notes.txt');
    expect(resultFor(second, 'toolu_f')!.content).toContain('notes.txt');
    expect(existsSync(marker) ? `ran: ${execFileSync('cat', [marker], { encoding: 'utf8' })}` : 'nothing ran').toBe('nothing ran');
  });
});
