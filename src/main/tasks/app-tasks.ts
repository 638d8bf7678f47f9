// The app's background tasks (Bash's `run_in_background` shells today): one registry for the process,
// so a session's tasks are stopped when it closes and every task when the app quits.
import { createInMemoryTaskRegistry, type TaskRegistry } from './registry';

export const appTasks: TaskRegistry = createInMemoryTaskRegistry();
