// Peak memory of one measured call: a gc()'d baseline (node --expose-gc), then process.memoryUsage()
// sampled every millisecond while the call runs (async work yields to the timer) plus at explicit
// probe() points (for synchronous code the timer cannot interrupt), reported as growth over the baseline.

const gc = (globalThis as { gc?: () => void }).gc;

export const gcExposed = (): boolean => gc !== undefined;

export interface MemoryGrowth {
  /** Peak resident set size − baseline (bytes). Only meaningful in a fresh process: freed pages stay mapped. */
  rss: number;
  /** Peak V8 heapUsed − baseline: live objects plus garbage not yet collected. */
  heap: number;
  /** Peak `external` (Buffers, ArrayBuffers: memory outside the V8 heap) − baseline. */
  external: number;
  /** heapUsed after the call and a gc(), − baseline: what the call left behind. */
  retainedHeap: number;
  samples: number;
}

let active: PeakSampler | undefined;

/** Records a sample now if a measurement is running (call it from synchronous code under test). */
export function probeMemory(): void {
  active?.sample();
}

class PeakSampler {
  private readonly base: NodeJS.MemoryUsage;
  private peak: { rss: number; heapUsed: number; external: number };
  private samples = 0;
  private readonly timer: NodeJS.Timeout;

  constructor() {
    gc?.();
    this.base = process.memoryUsage();
    this.peak = { rss: this.base.rss, heapUsed: this.base.heapUsed, external: this.base.external };
    this.timer = setInterval(() => this.sample(), 1);
  }

  sample(): void {
    const m = process.memoryUsage();
    this.samples++;
    if (m.rss > this.peak.rss) this.peak.rss = m.rss;
    if (m.heapUsed > this.peak.heapUsed) this.peak.heapUsed = m.heapUsed;
    if (m.external > this.peak.external) this.peak.external = m.external;
  }

  stop(): Omit<MemoryGrowth, 'retainedHeap'> & { baseHeap: number } {
    this.sample();
    clearInterval(this.timer);
    return {
      rss: this.peak.rss - this.base.rss,
      heap: this.peak.heapUsed - this.base.heapUsed,
      external: this.peak.external - this.base.external,
      samples: this.samples,
      baseHeap: this.base.heapUsed,
    };
  }
}

/**
 * Runs `fn` once under the sampler and returns its wall time and memory growth (the time excludes the
 * baseline gc()).
 */
export async function measurePeak(fn: () => Promise<unknown>): Promise<{ ms: number; mem: MemoryGrowth }> {
  if (active) throw new Error('measurePeak: measurements cannot overlap');
  const sampler = new PeakSampler();
  active = sampler;
  let peak: ReturnType<PeakSampler['stop']>;
  let ms: number;
  // Holds the result until the peak is taken, so it counts; dropped before the retained-heap gc().
  const held: { out?: unknown } = {};
  try {
    const t0 = performance.now();
    held.out = await fn();
    ms = performance.now() - t0;
  } finally {
    peak = sampler.stop();
    active = undefined;
  }
  delete held.out;
  gc?.();
  const { baseHeap, ...growth } = peak;
  return { ms, mem: { ...growth, retainedHeap: process.memoryUsage().heapUsed - baseHeap } };
}
