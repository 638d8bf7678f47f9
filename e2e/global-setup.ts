// Before any e2e test: the built app must exist (the tests drive `out/`, not the sources).
import { existsSync } from 'node:fs';
import path from 'node:path';

const REQUIRED = ['out/renderer/index.html', 'out/main/cli.js'];

export default function globalSetup(): void {
  const root = path.resolve(__dirname, '..');
  const missing = REQUIRED.filter((f) => !existsSync(path.join(root, f)));
  if (missing.length > 0) {
    throw new Error(`The e2e tests need the built app, but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing. Run \`npm run build\` first.`);
  }
}
