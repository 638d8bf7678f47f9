// A small leveled logger to stderr; AGENT_DESK_LOG=debug|info|warn|error|silent picks the floor.

/** Where the engine writes what happened: four levels, an optional structured extra. */
export interface Logger {
  debug(msg: string, extra?: unknown): void;
  info(msg: string, extra?: unknown): void;
  warn(msg: string, extra?: unknown): void;
  error(msg: string, extra?: unknown): void;
}

const LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
type Level = (typeof LEVELS)[number];

export function createLogger(opts: { level?: string; write?: (line: string) => void; prefix?: string } = {}): Logger {
  const floor = LEVELS.indexOf((LEVELS as readonly string[]).includes(opts.level ?? '') ? (opts.level as Level) : 'warn');
  const write = opts.write ?? ((line: string) => process.stderr.write(line + '\n'));
  const prefix = opts.prefix ?? 'agent-desk';
  const at = (level: Level) => (msg: string, extra?: unknown) => {
    if (LEVELS.indexOf(level) < floor) return;
    let tail = '';
    if (extra !== undefined) tail = ' ' + (extra instanceof Error ? (extra.stack ?? extra.message) : safeJson(extra));
    write(`[${prefix}] ${level}: ${msg}${tail}`);
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

function safeJson(x: unknown): string {
  try {
    return JSON.stringify(x);
  } catch {
    return String(x);
  }
}
