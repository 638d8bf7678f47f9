// The app's one sandbox (one proxy for every session of the process), like the app's task registry.
import { createAppSandbox, type AppSandbox } from './runtime';

export const appSandbox: AppSandbox = createAppSandbox();
