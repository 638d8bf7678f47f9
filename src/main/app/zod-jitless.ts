// zod without its compiled fast paths, for every schema built after this runs (import it first):
// compiling one (`new Function`) costs ~1 ms on a schema's first parse, more than it saves over the
// few parses of a tool input, settings file or IPC message that follow (a few µs each).
import { z } from 'zod';

z.config({ jitless: true });
