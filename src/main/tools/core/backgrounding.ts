// "Keep running in background" (BA10): a session's running calls listen here by tool_use id, and the
// person's request (session:background-call) reaches the one it names. The tool decides what moving means.
export interface BackgroundRequests {
  /** Call `toolUseId` can move to the background; `onRequest` runs when the person asks. Returns an unsubscribe. */
  listen(toolUseId: string, onRequest: () => void): () => void;
  /** The person asked: false when no running call of that id can move (it ended, or cannot). */
  request(toolUseId: string): boolean;
}

export function createBackgroundRequests(): BackgroundRequests {
  const listeners = new Map<string, () => void>();
  return {
    listen(toolUseId, onRequest) {
      listeners.set(toolUseId, onRequest);
      return () => {
        if (listeners.get(toolUseId) === onRequest) listeners.delete(toolUseId);
      };
    },
    request(toolUseId) {
      const l = listeners.get(toolUseId);
      if (!l) return false;
      // A call moves once.
      listeners.delete(toolUseId);
      try {
        l();
      } catch {
        return false;
      }
      return true;
    },
  };
}
