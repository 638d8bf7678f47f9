// The window/tab title: the project's name, with the number of waiting approvals in front
// ("(3) shop — Agent Desk"), so a person sees from the taskbar or tab strip that the agent waits.

export function windowTitle(projectName: string | null, waiting: number): string {
  const base = projectName ? `${projectName} — Agent Desk` : 'Agent Desk';
  return waiting > 0 ? `(${waiting}) ${base}` : base;
}
