// The app's own electron-vite config, main target only (the CLI bundle the peer bench runs), so a
// bench build neither needs nor breaks on the renderer. BENCH_READABLE=1 leaves it unminified, so CPU
// profiles name real functions (bench/profile-agent.mjs --readable). Never used for a release build.
import config from '../electron.vite.config';

const main = config.main ?? {};
const readable = process.env.BENCH_READABLE === '1';
export default { main: readable ? { ...main, build: { ...main.build, minify: false } } : main };
