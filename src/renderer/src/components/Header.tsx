// The top bar: which project is open (name and folder, and the branch of a worktree the conversation works in), which model answers, and where the app runs.
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useApp } from '../stores/react';
import { ConnectionIndicator } from './ConnectionIndicator';
import { LogoIcon } from './icons';
import { ContextMeter } from './ContextMeter';
import { UsageChip } from './UsageChip';
import { WorkingFolderChip } from './WorkingFolderChip';
import './Header.css';

/** `actions`: buttons of the workspace shown first on the right (the Changes button). */
export function Header({ actions }: { actions?: ReactNode } = {}): ReactNode {
  const project = useApp((s) => s.init?.project ?? null);
  const model = useApp((s) => s.init?.model ?? '');
  const host = useApp((s) => s.init?.host ?? null);
  const version = useApp((s) => s.init?.version ?? '');
  const header = useRef<HTMLElement>(null);
  // In a narrow window the buttons wrap and the header grows: what floats below it (the inbox) starts where it ends.
  useLayoutEffect(() => {
    const el = header.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--app-header-height', `${el.offsetHeight}px`));
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--app-header-height');
    };
  }, []);

  return (
    <header className="app-header" ref={header}>
      <div className="app-header__brand" title={version ? `Agent Desk ${version}` : 'Agent Desk'}>
        <span className="app-header__logo">
          <LogoIcon size={16} />
        </span>
        <span className="app-header__app">Agent Desk</span>
      </div>
      {project && (
        <div className="app-header__project">
          <h1 className="app-header__name">{project.name}</h1>
          {/* rtl + an ltr isolate: a long path is cut at its start, keeping the folder name visible. */}
          <span className="app-header__path" title={project.dir} dir="rtl">
            <bdi dir="ltr">{project.dir}</bdi>
          </span>
          <WorkingFolderChip />
        </div>
      )}
      <div className="app-header__meta">
        {actions}
        <ConnectionIndicator />
        {project && <ContextMeter />}
        {project && <UsageChip />}
        {model && (
          <span className="chip chip--model" title="The model that answers">
            <span className="visually-hidden">Model: </span>
            {model}
          </span>
        )}
        {host && (
          <span className="chip chip--quiet chip--host" title={host === 'web' ? 'Running in the browser' : 'Desktop app'}>
            <span className="visually-hidden">Host: </span>
            {host === 'web' ? 'Web' : 'Desktop'}
          </span>
        )}
      </div>
    </header>
  );
}
