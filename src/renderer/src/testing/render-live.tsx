// Renders a view to static markup as the app shows it now: a server render reads each store's initial
// state, so every store answers with its current one here, inside the stores and view environment.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Stores } from '../stores/create-stores';
import { StoresProvider } from '../stores/react';
import { ViewEnvContext } from '../tools/view-env';

const isStore = (v: unknown): v is { getState: () => unknown } => typeof v === 'object' && v !== null && typeof (v as { getState?: unknown }).getState === 'function';

function live(stores: Stores): Stores {
  const out: Record<string, unknown> = { ...stores };
  for (const [key, value] of Object.entries(stores)) if (isStore(value)) out[key] = { ...value, getInitialState: value.getState };
  return out as unknown as Stores;
}

export function renderLive(stores: Stores, node: ReactNode, env: { projectDir?: string } = {}): string {
  return renderToStaticMarkup(
    <StoresProvider stores={live(stores)}>
      <ViewEnvContext.Provider value={{ projectDir: env.projectDir ?? null }}>{node}</ViewEnvContext.Provider>
    </StoresProvider>,
  );
}
