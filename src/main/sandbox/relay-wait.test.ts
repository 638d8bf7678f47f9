// BA6: the wait for the box's proxy relay, run by /bin/sh against a stand-in for /proc/net/tcp.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { relayWait } from './relay-wait';

const HEADER = '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n';
const LISTEN_3128 = '   0: 00000000:0C38 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1 0 100 0 0 10 0\n';
const CONNECTED_3128 = '   1: 0100007F:0C38 0100007F:C350 01 00000000:00000000 00:00000000 00000000     0        0 2 1 0 100 0 0 10 0\n';

const sh = (script: string) => spawnSync('/bin/sh', ['-c', script], { encoding: 'utf8', timeout: 20_000 });
const tcpFile = (text: string) => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'ad-relay-')), 'tcp');
  writeFileSync(file, text);
  return file;
};

describe('the wait for the box\'s proxy relay (BA6)', () => {
  it('goes on at once when the relay listens, and leaves the command its own exit status', () => {
    const file = tcpFile(HEADER + LISTEN_3128);
    const r = sh(`${relayWait({ procNetTcp: file, tries: 1000 })}; echo "looked $ad_n times"; exit 3`);
    expect(r.stdout).toBe('looked 0 times\n');
    expect(r.status).toBe(3);
  });

  it('waits while the relay does not listen yet (a connection on the port is not listening) and goes on once it does', () => {
    const file = tcpFile(HEADER + CONNECTED_3128);
    const r = sh(`(sleep 0.3; printf '%s' '${LISTEN_3128.trimEnd()}' >> '${file}'; echo >> '${file}') & ${relayWait({ procNetTcp: file, tries: 2000 })}; echo "up=$ad_up"; grep -c ' 0A ' '${file}'`);
    expect(r.stdout).toBe('up=1\n1\n');
  });

  it('gives up after its tries, and does not wait at all without /proc', () => {
    const file = tcpFile(HEADER);
    expect(sh(`${relayWait({ procNetTcp: file, tries: 3 })}; echo "looked $ad_n times, up=$ad_up"`).stdout).toBe('looked 3 times, up=\n');
    expect(sh(`${relayWait({ procNetTcp: '/nonexistent/tcp', tries: 3 })}; echo "looked \${ad_n:-no} times"`).stdout).toBe('looked no times\n');
  });
});
