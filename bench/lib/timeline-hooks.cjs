// Preloaded with `node --require` by bench/timeline.mjs: appends one line per event to
// $BENCH_TIMELINE_LOG with a monotonic µs stamp — each spawn() (its blocking time, pid and the rg
// pattern or --files), each child's exit and close, each fetch() start and its response headers.
'use strict';
const cp = require('node:child_process');
const fs = require('node:fs');
const file = process.env.BENCH_TIMELINE_LOG;
if (file) {
  const now = () => Number(process.hrtime.bigint() / 1000n);
  const log = (s) => fs.appendFileSync(file, `${now()} ${s}\n`);
  const spawn = cp.spawn;
  cp.spawn = function timedSpawn(...a) {
    const t = now();
    const c = spawn.apply(this, a);
    const what = (a[1] || []).filter((x) => /^--regexp=|^--files$/.test(x)).join(' ').slice(0, 40);
    log(`spawn ${t} ${String(a[0]).split('/').pop()} pid=${c.pid} ${what}`);
    c.once('exit', () => log(`exit pid=${c.pid}`));
    c.once('close', () => log(`close pid=${c.pid}`));
    return c;
  };
  const fetch = globalThis.fetch;
  globalThis.fetch = async function timedFetch(...a) {
    log('fetch start');
    const r = await fetch.apply(this, a);
    log('fetch headers');
    return r;
  };
}
