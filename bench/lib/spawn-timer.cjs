// Preloaded with `node --require` by profile-agent.mjs: times every synchronous child_process.spawn
// call of the agent (fork + exec happen inside it and block the event loop) and appends one JSON line
// per process to $BENCH_SPAWN_LOG at exit. The bundle calls spawn through the module object, so
// replacing the export before the bundle loads is enough.
'use strict';
const cp = require('node:child_process');
const fs = require('node:fs');
const file = process.env.BENCH_SPAWN_LOG;
if (file) {
  const orig = cp.spawn;
  const spawns = [];
  cp.spawn = function timedSpawn(...args) {
    const t0 = performance.now();
    try {
      return orig.apply(this, args);
    } finally {
      spawns.push({ file: String(args[0]).split('/').pop(), ms: performance.now() - t0, rssMb: Math.round(process.memoryUsage().rss / 1e6) });
    }
  };
  process.on('exit', () => fs.appendFileSync(file, JSON.stringify(spawns) + '\n'));
}
