// The window: start screen until app:init answers, the welcome screen without a project, else the
// workspace (with the Changes pane or the approvals inbox on the right when opened).
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ChangesButton } from './changes/ChangesButton';
import { ChangesPane } from './changes/ChangesPane';
import { AuthPanel } from './components/AuthPanel';
import { Banners } from './components/Banners';
import { Composer } from './components/Composer';
import { Header } from './components/Header';
import { SessionList } from './components/SessionList';
import { StartScreen } from './components/StartScreen';
import { Welcome } from './components/Welcome';
import { InboxButton } from './inbox/InboxButton';
import { InboxPanel } from './inbox/InboxPanel';
import { useInbox } from './inbox/use-inbox';
import { windowTitle } from './inbox/window-title';
import { AlwaysNotice } from './permissions/AlwaysNotice';
import { SandboxNotices } from './sandbox/SandboxNotices';
import { ApprovalDialog } from './permissions/ApprovalDialog';
import { McpButton } from './mcp/McpButton';
import { McpPane } from './mcp/McpPane';
import { ProcessesButton } from './processes/ProcessesButton';
import { ProcessesPane } from './processes/ProcessesPane';
import { RulesButton } from './rules/RulesButton';
import { RulesPane } from './rules/RulesPane';
import { TerminalButton } from './terminal/TerminalButton';
import { useApp, useTools } from './stores/react';
import { ViewEnvContext } from './tools/view-env';
import { Transcript } from './transcript/Transcript';
import { TrustDialog } from './trust/TrustDialog';
import './styles/app.css';
import './tools/Tools.css';

// xterm.js loads when the terminal pane first opens, not with the window.
const TerminalPane = lazy(() => import('./terminal/TerminalPane').then((m) => ({ default: m.TerminalPane })));

export function App(): ReactNode {
  const ready = useApp((s) => s.init !== null);
  const hasProject = useApp((s) => s.init?.project != null);
  const projectName = useApp((s) => s.init?.project?.name ?? null);
  const projectDir = useApp((s) => s.init?.project?.dir ?? null);
  const viewEnv = useMemo(() => ({ projectDir }), [projectDir]);
  const [changesOpen, setChangesOpen] = useState(false);
  // The permission rules take the same column as Changes, so opening one closes the other.
  const [rulesOpen, setRulesOpen] = useState(false);
  // Running programs (issue 15 item 4) takes that column too.
  const [processesOpen, setProcessesOpen] = useState(false);
  // The terminal pane (issue 15 item 5) takes that column too.
  const [terminalOpen, setTerminalOpen] = useState(false);
  // Connected tools (issue 17 item 6) takes that column too; opening another pane closes it.
  const [mcpOpen, setMcpOpen] = useState(false);
  const inbox = useInbox();
  const waiting = useTools((s) => s.permissions.length);

  // The window/tab title names the project, so several windows can be told apart, and counts approvals waiting.
  useEffect(() => {
    document.title = windowTitle(projectName, waiting);
  }, [projectName, waiting]);

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
      <div className={mcpOpen ? 'app app--side-pane app--mcp' : processesOpen ? 'app app--side-pane app--processes' : rulesOpen ? 'app app--side-pane app--rules' : changesOpen ? 'app app--side-pane app--changes' : terminalOpen ? 'app app--side-pane app--terminal' : 'app'}>
        <Header
          actions={
            <>
              <InboxButton open={inbox.open} onToggle={inbox.toggle} />
              <ChangesButton
                open={changesOpen}
                onToggle={() => {
                  setChangesOpen((o) => !o);
                  setMcpOpen(false);
                  setRulesOpen(false);
                  setProcessesOpen(false);
                  setTerminalOpen(false);
                }}
              />
              <RulesButton
                open={rulesOpen}
                onToggle={() => {
                  setRulesOpen((o) => !o);
                  setMcpOpen(false);
                  setChangesOpen(false);
                  setProcessesOpen(false);
                  setTerminalOpen(false);
                }}
              />
              <ProcessesButton
                open={processesOpen}
                onToggle={() => {
                  setProcessesOpen((o) => !o);
                  setMcpOpen(false);
                  setTerminalOpen(false);
                  setChangesOpen(false);
                  setRulesOpen(false);
                }}
              />
              <McpButton
                open={mcpOpen}
                onToggle={() => {
                  setMcpOpen((o) => !o);
                  setProcessesOpen(false);
                  setTerminalOpen(false);
                  setChangesOpen(false);
                  setRulesOpen(false);
                }}
              />
              <TerminalButton
                open={terminalOpen}
                onToggle={() => {
                  setTerminalOpen((o) => !o);
                  setMcpOpen(false);
                  setProcessesOpen(false);
                  setChangesOpen(false);
                  setRulesOpen(false);
                }}
              />
            </>
          }
        />
        <SessionList />
        <main className="workspace">
          <Banners />
          <AuthPanel />
          <Transcript />
          <ApprovalDialog reviewId={inbox.reviewId} inboxOpen={inbox.open} onReviewAll={inbox.showAll} onReviewEnd={inbox.endReview} />
          <AlwaysNotice />
          <SandboxNotices />
          <Composer />
        </main>
        {changesOpen && <ChangesPane onClose={() => setChangesOpen(false)} />}
        {rulesOpen && <RulesPane onClose={() => setRulesOpen(false)} />}
        {processesOpen && <ProcessesPane onClose={() => setProcessesOpen(false)} />}
        {mcpOpen && <McpPane onClose={() => setMcpOpen(false)} />}
        {terminalOpen && (
          <Suspense fallback={null}>
            <TerminalPane onClose={() => setTerminalOpen(false)} />
          </Suspense>
        )}
        {inbox.open && <InboxPanel onClose={inbox.close} onReview={inbox.review} reviewing={inbox.reviewId !== null} />}
        <TrustDialog />
      </div>
    </ViewEnvContext.Provider>
  );
}
