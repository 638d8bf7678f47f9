// The desktop start screen when no folder is open: open one, or pick a recent project.
import type { ReactNode } from 'react';
import { useApp } from '../stores/react';
import { FolderIcon, LogoIcon } from './icons';
import './Panels.css';

export function Welcome(): ReactNode {
  const recent = useApp((s) => s.init?.recentProjects ?? []);
  const canChoose = useApp((s) => s.init?.host === 'desktop');
  const opening = useApp((s) => s.openingProject);
  const choose = useApp((s) => s.chooseProject);
  const open = useApp((s) => s.openProject);

  return (
    <main className="welcome">
      <div className="welcome__card">
        <div className="welcome__logo">
          <LogoIcon size={28} />
        </div>
        <h1 className="welcome__title">Welcome to Agent Desk</h1>
        <p className="welcome__lead">
          Open a project folder to start. The assistant works on the files in that folder, and asks you before it
          does anything risky.
        </p>
        {canChoose ? (
          <button type="button" className="button button--primary button--large" disabled={opening} onClick={() => void choose()}>
            <FolderIcon size={17} /> Open folder…
          </button>
        ) : (
          <p className="welcome__lead">
            Start the web version with a folder: <code>agent-desk serve DIR</code>
          </p>
        )}
        {recent.length > 0 && (
          <section className="recent" aria-labelledby="recent-heading">
            <h2 id="recent-heading" className="recent__heading">
              Recent projects
            </h2>
            <ul className="recent__list">
              {recent.map((p) => (
                <li key={p.dir}>
                  <button type="button" className="recent__item" disabled={opening} onClick={() => void open(p.dir)} title={p.dir}>
                    <span className="recent__name">{p.name}</span>
                    <span className="recent__dir">{p.dir}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </main>
  );
}
