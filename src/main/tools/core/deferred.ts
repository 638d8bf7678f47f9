// Deferred tools (AS4): `shouldDefer` tools are announced by name only until ToolSearch loads them;
// the per-session set of loaded names lives here.

/** What deferral needs of a tool (ToolDef has it). */
interface Deferrable {
  name: string;
  shouldDefer?: boolean;
}

export interface DeferredToolState {
  readonly loaded: ReadonlySet<string>;
  /** Adds names; returns those that were not loaded before (in the given order). */
  load(names: readonly string[]): string[];
  isLoaded(name: string): boolean;
}

/** One per session; `initial` restores a resumed session's loaded tools. */
export function createDeferredToolState(initial: Iterable<string> = []): DeferredToolState {
  const loaded = new Set<string>(initial);
  return {
    loaded,
    load(names) {
      const added: string[] = [];
      for (const name of names) {
        if (loaded.has(name)) continue;
        loaded.add(name);
        added.push(name);
      }
      return added;
    },
    isLoaded: (name) => loaded.has(name),
  };
}

export function isDeferredTool(tool: Pick<Deferrable, 'shouldDefer'>): boolean {
  return tool.shouldDefer === true;
}

/** The tools whose definitions go in this request: every non-deferred one plus the loaded deferred ones. */
export function toolsToSend<T extends Deferrable>(pool: readonly T[], loaded: ReadonlySet<string>): T[] {
  return pool.filter((t) => !isDeferredTool(t) || loaded.has(t.name));
}

/** The system-prompt line naming the deferred tools not yet loaded; null when there are none. */
export function deferredToolsAddendum(pool: readonly Deferrable[], loaded: ReadonlySet<string>): string | null {
  const names = pool.filter((t) => isDeferredTool(t) && !loaded.has(t.name)).map((t) => t.name);
  if (names.length === 0) return null;
  return `The following deferred tools are available via ToolSearch: ${names.join(', ')}`;
}
