// CC6: the consumer's wake-up — a promise resolved by whoever produces something (progressAvailableResolve
// in the seed). Waiting costs nothing; there is no timer and no polling.

export class WakeSignal {
  private resolve: (() => void) | null = null;
  private pending = false;

  /** Resolves at the next `wake()`, or at once if one came since the last wait. */
  wait(): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      this.resolve = resolve;
    });
  }

  wake(): void {
    const r = this.resolve;
    if (r) {
      this.resolve = null;
      r();
    } else {
      // Nobody is waiting yet: remember it, so a wake between the consumer's check and its wait is not lost.
      this.pending = true;
    }
  }
}
