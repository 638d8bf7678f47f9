// Must be the entry's FIRST import. zod probes `new Function` when it builds its first object schema;
// under our CSP (no 'unsafe-eval') that probe is blocked and reported as a violation. Jitless mode
// skips the probe and the eval-compiled fast path, and nothing else changes.
import { config } from 'zod';

config({ jitless: true });
