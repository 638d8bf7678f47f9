// The idle-stream bound (PX8): a reply whose headers came but whose body then goes silent would
// otherwise wait for undici's 300 s body timeout, per attempt, with nothing said. The SDK reads the
// body through this wrapper: while a read waits for the server longer than `idleMs` the body fails
// with a StreamStalledError (the connection is cancelled), which the client turns into a retryable
// error. Every byte counts as a sign of life, pings included; time the reader spends elsewhere does not.

export class StreamStalledError extends Error {
  constructor(readonly idleMs: number) {
    super(`no data from the model for ${idleMs} ms`);
    this.name = 'StreamStalledError';
  }
}

/** Statuses whose Response may not carry a body (the constructor throws for them). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** `res` with a body that fails once the server stays silent for `idleMs` while a read waits. */
export function watchIdle(res: Response, idleMs: number): Response {
  const source = res.body;
  if (!source || NULL_BODY.has(res.status) || !(idleMs > 0)) return res;
  const reader = source.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stalled = false;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(ctrl) {
        timer = setTimeout(() => {
          stalled = true;
          ctrl.error(new StreamStalledError(idleMs));
          reader.cancel().catch(() => undefined);
        }, idleMs);
        try {
          const { done, value } = await reader.read();
          if (stalled) return;
          if (done) ctrl.close();
          else ctrl.enqueue(value);
        } catch (err) {
          if (!stalled) ctrl.error(err);
        } finally {
          clearTimeout(timer);
        }
      },
      cancel(reason) {
        clearTimeout(timer);
        return reader.cancel(reason);
      },
    },
    // Pull only when the SDK reads: the clock runs only while we wait for the server.
    { highWaterMark: 0 },
  );
  const wrapped = new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  // The SDK logs the URL; a constructed Response has none.
  Object.defineProperty(wrapped, 'url', { value: res.url });
  return wrapped;
}

type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** A fetch for the SDK whose responses' bodies are watched for silence. */
export function idleWatchingFetch(idleMs: number, base: FetchLike = (i, o) => globalThis.fetch(i, o)): FetchLike {
  return async (input, init) => watchIdle(await base(input, init), idleMs);
}
