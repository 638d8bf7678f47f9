// BA6 / issue 15: a raw /dev/tcp connection a boxed command names goes to the ledger.
import { describe, expect, it } from 'vitest';
import { directConnections } from './direct-connections';

describe('directConnections (issue 15 item 2: raw connections in the ledger)', () => {
  it.each([
    ['exec 3<>/dev/tcp/127.0.0.1/8080', [{ host: '127.0.0.1', port: 8080, protocol: 'tcp' }]],
    ['echo hi > /dev/udp/example.org/53', [{ host: 'example.org', port: 53, protocol: 'udp' }]],
    ['cat < /dev/tcp/[::1]/22', [{ host: '::1', port: 22, protocol: 'tcp' }]],
    ['(exec 3<>/dev/tcp/a.b/1) && (exec 4<>/dev/tcp/a.b/1)', [{ host: 'a.b', port: 1, protocol: 'tcp' }]],
  ])('%s', (command, expected) => {
    expect(directConnections(command)).toEqual(expected);
  });

  it.each(['exec 3<>/dev/tcp/$HOST/80', 'exec 3<>/dev/tcp/host/$PORT', 'ls /dev/tcp', 'echo /dev/tcp/h/99999', 'curl https://example.org/dev/tcp'])(
    'names nothing for %s',
    (command) => {
      expect(directConnections(command)).toEqual([]);
    },
  );
});
