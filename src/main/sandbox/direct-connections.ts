// The raw connections a command names (bash's `/dev/tcp/host/port` and `/dev/udp/host/port`): in the
// box they never reach the proxy, so the proxy cannot report them; the ledger learns of them here.
const RAW = /\/dev\/(tcp|udp)\/([A-Za-z0-9._:-]+|\[[0-9A-Fa-f:.]+\])\/(\d{1,5})(?![\w$])/g;

export interface DirectConnection {
  host: string;
  port: number;
  protocol: 'tcp' | 'udp';
}

/** Literal hosts and ports only: `/dev/tcp/$HOST/80` names no host the person could act on. */
export function directConnections(command: string): DirectConnection[] {
  const seen = new Set<string>();
  const out: DirectConnection[] = [];
  for (const m of command.matchAll(RAW)) {
    const port = Number(m[3]);
    if (port > 65535) continue;
    const host = m[2]!.replace(/^\[|\]$/g, '');
    const key = `${m[1]} ${host} ${port}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ host, port, protocol: m[1] as 'tcp' | 'udp' });
  }
  return out;
}
