// Loads a package kept outside the bundle (native or large), at its first use. require first: the
// CLI's code-cached bundle has no dynamic-import callback once its cache is warm, so import() there
// fails ("A dynamic import callback was not specified"); an ES module only older Node cannot require
// falls back to import().
import { createRequire } from 'node:module';

export async function loadExternal<T>(id: string): Promise<T> {
  try {
    return createRequire(__filename)(id) as T;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ERR_REQUIRE_ESM') throw err;
    return (await import(id)) as T;
  }
}
