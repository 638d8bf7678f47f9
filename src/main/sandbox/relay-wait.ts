// BA6: inside the box on Linux, sandbox-runtime starts its proxy relay (socat listening on port 3128)
// in the background and runs the command at once; on a busy machine a command's first connection can
// come before the relay listens and be refused ("Failed to connect to localhost port 3128"). This
// shell snippet, put before the command, waits until the relay listens: shell builtins only (no
// program started per look), at most `tries` looks 10 ms apart, and not at all without /proc.

/** The port the library's relay listens on inside the box (HTTP_PROXY=http://localhost:3128). */
export const RELAY_PORT = 3128;

export function relayWait(opts: { procNetTcp?: string; port?: number; tries?: number } = {}): string {
  const file = opts.procNetTcp ?? '/proc/net/tcp';
  const port = (opts.port ?? RELAY_PORT).toString(16).toUpperCase().padStart(4, '0');
  const tries = opts.tries ?? 300;
  // A listening socket's line: local address any:PORT, remote 0:0, state 0A (LISTEN).
  const listening = `*':${port} 00000000:0000 0A'*`;
  return [
    `if [ -r '${file}' ]; then ad_n=0; while [ $ad_n -lt ${tries} ]; do ad_up=`,
    `while IFS= read -r ad_l; do case "$ad_l" in ${listening}) ad_up=1; break;; esac; done < '${file}'`,
    `[ -n "$ad_up" ] && break; sleep 0.01; ad_n=$((ad_n+1)); done; fi`,
  ].join('; ');
}
