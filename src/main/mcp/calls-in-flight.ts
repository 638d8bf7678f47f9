// The tool calls running on each server of a project, oldest first: a server's question (elicitation)
// belongs to the call that runs on it when it asks — the newest when several do (the protocol does not
// say which request a question is for; the call that started last is the likeliest to be asking).
/** The conversation's call that runs a server's tool. */
export interface McpCaller {
  sessionId: string;
  toolUseId: string;
}

export class CallsInFlight {
  private readonly calls = new Map<string, McpCaller[]>();

  /** Runs `work` as a call of `caller` on `server` (an unknown caller is not tracked). */
  async track<T>(server: string, caller: McpCaller | undefined, work: () => Promise<T>): Promise<T> {
    if (!caller) return work();
    const entry = { ...caller };
    this.calls.set(server, [...(this.calls.get(server) ?? []), entry]);
    try {
      return await work();
    } finally {
      const left = (this.calls.get(server) ?? []).filter((c) => c !== entry);
      if (left.length > 0) this.calls.set(server, left);
      else this.calls.delete(server);
    }
  }

  /** The newest call running on `server`, if any. */
  newest(server: string): McpCaller | undefined {
    const c = this.calls.get(server)?.at(-1);
    return c ? { ...c } : undefined;
  }
}
