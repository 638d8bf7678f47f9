// What views need to know about where they are shown (the open project's folder, to show paths
// relative to it). Provided once by the App; the default (no project) keeps paths absolute.
import { createContext, useContext } from 'react';

export interface ViewEnv {
  /** The open project's folder (absolute), or null. */
  projectDir: string | null;
}

export const NO_VIEW_ENV: ViewEnv = { projectDir: null };

export const ViewEnvContext = createContext<ViewEnv>(NO_VIEW_ENV);

export function useViewEnv(): ViewEnv {
  return useContext(ViewEnvContext);
}
