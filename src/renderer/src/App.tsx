// The window: start screen until app:init answers, the welcome screen without a project, else the
// workspace (with the Changes pane on the right when opened).
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { ChangesButton } from './changes/ChangesButton';
import { ChangesPane } from './changes/ChangesPane';
import { AuthPanel } from './components/AuthPanel';
import { Banners } from './components/Banners';
import { Composer } from './components/Composer';
import { Header } from './components/Header';
import { SessionList } from './components/SessionList';
import { StartScreen } from './components/StartScreen';
import { Welcome } from './components/Welcome';
import { ApprovalDialog } from './permissions/ApprovalDialog';
import { useApp } from './stores/react';
import { ViewEnvContext } from './tools/view-env';
import { Transcript } from './transcript/Transcript';
import './styles/app.css';
import './tools/Tools.css';

export function App(): ReactNode {
  const ready = useApp((s) => s.init !== null);
  const hasProject = useApp((s) => s.init?.project != null);
  const projectName = useApp((s) => s.init?.project?.name ?? null);
  const projectDir = useApp((s) => s.init?.project?.dir ?? null);
  const viewEnv = useMemo(() => ({ projectDir }), [projectDir]);
  const [changesOpen, setChangesOpen] = useState(false);

  // The window/tab title names the project, so several windows can be told apart.
  useEffect(() => {
    document.title = projectName ? `${projectName} — Agent Desk` : 'Agent Desk';
  }, [projectName]);

  if (!ready) {
    return (
      <div className="app app--bare">
        <Banners />
        <StartScreen />
      </div>
    );
  }
  if (!hasProject) {
    return (
      <div className="app app--bare">
        <Header />
        <Banners />
        <Welcome />
      </div>
    );
  }
  return (
    <ViewEnvContext.Provider value={viewEnv}>
      <div className={changesOpen ? 'app app--changes' : 'app'}>
        <Header actions={<ChangesButton open={changesOpen} onToggle={() => setChangesOpen((o) => !o)} />} />
        <SessionList />
        <main className="workspace">
          <Banners />
          <AuthPanel />
          <Transcript />
          <Composer />
        </main>
        {changesOpen && <ChangesPane onClose={() => setChangesOpen(false)} />}
        <ApprovalDialog />
      </div>
    </ViewEnvContext.Provider>
  );
}
