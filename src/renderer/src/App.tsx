// The window: start screen until app:init answers, the welcome screen without a project, else the
// workspace (with one side pane — changes, rules, programs, connected tools, terminal, to-dos — or the
// approvals inbox on the right when opened).
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
import { BackgroundButton } from './background/BackgroundButton';
import { BackgroundPane } from './background/BackgroundPane';
import { NewTaskDialog } from './background/NewTaskDialog';
import { TaskBanner } from './background/TaskBanner';
import { useRevealFromTray } from './background/use-reveal';
import { McpButton } from './mcp/McpButton';
import { McpPane } from './mcp/McpPane';
import { ProcessesButton } from './processes/ProcessesButton';
import { ProcessesPane } from './processes/ProcessesPane';
import { RulesButton } from './rules/RulesButton';
import { RulesPane } from './rules/RulesPane';
import { TerminalButton } from './terminal/TerminalButton';
import { TodosButton } from './todos/TodosButton';
import { TodosPane } from './todos/TodosPane';
import { useApp, useTerminalStore, useTools } from './stores/react';
import { ViewEnvContext } from './tools/view-env';
import { Transcript } from './transcript/Transcript';
import { TrustDialog } from './trust/TrustDialog';
import './styles/app.css';
import './tools/Tools.css';

type SidePane = 'changes' | 'rules' | 'processes' | 'mcp' | 'terminal' | 'background';

// xterm.js loads when the terminal pane first opens, not with the window.
const TerminalPane = lazy(() => import('./terminal/TerminalPane').then((m) => ({ default: m.TerminalPane })));

export function App(): ReactNode {
  const ready = useApp((s) => s.init !== null);
  const hasProject = useApp((s) => s.init?.project != null);
  const projectName = useApp((s) => s.init?.project?.name ?? null);
  const projectDir = useApp((s) => s.init?.project?.dir ?? null);
  const viewEnv = useMemo(() => ({ projectDir }), [projectDir]);
  // Changes, permission rules, running programs, connected tools and the terminal share the right-hand
  // column: one is open at a time. The to-do list takes it too, but only gives way: closing the other shows it again.
  const [pane, setPane] = useState<SidePane | null>(null);
  const [todosOpen, setTodosOpen] = useState(false);
  const todosShown = todosOpen && pane === null;
  const toggle = (which: SidePane) => () => setPane((p) => (p === which ? null : which));
  const close = () => setPane(null);
  const inbox = useInbox();
  const waiting = useTools((s) => s.permissions.length);
  const terminalStore = useTerminalStore();
  const reveal = useRevealFromTray(inbox);

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
        <NewTaskDialog />
      </div>
    );
  }
  return (
    <ViewEnvContext.Provider value={viewEnv}>
      <div className={pane ? `app app--side-pane app--${pane}` : todosShown ? 'app app--side-pane app--todos' : 'app'}>
        <Header
          actions={
            <>
              <InboxButton open={inbox.open} onToggle={inbox.toggle} />
              <TodosButton
                open={todosShown}
                onToggle={() => {
                  setTodosOpen(!todosShown);
                  setPane(null);
                }}
              />
              <ChangesButton open={pane === 'changes'} onToggle={toggle('changes')} />
              <RulesButton open={pane === 'rules'} onToggle={toggle('rules')} />
              <ProcessesButton open={pane === 'processes'} onToggle={toggle('processes')} />
              <McpButton open={pane === 'mcp'} onToggle={toggle('mcp')} />
              <TerminalButton open={pane === 'terminal'} onToggle={toggle('terminal')} />
              <BackgroundButton open={pane === 'background'} onToggle={toggle('background')} />
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
          <TaskBanner />
          <Composer />
        </main>
        {todosShown && <TodosPane onClose={() => setTodosOpen(false)} />}
        {pane === 'changes' && <ChangesPane onClose={close} />}
        {pane === 'rules' && <RulesPane onClose={close} />}
        {pane === 'processes' && (
          <ProcessesPane
            onClose={close}
            onOpenInTerminal={(taskId) => {
              // The tab opens first, so the pane finds it and starts no shell of its own.
              void terminalStore.getState().openTask(taskId);
              setPane('terminal');
            }}
          />
        )}
        {pane === 'mcp' && <McpPane onClose={close} />}
        {pane === 'terminal' && (
          <Suspense fallback={null}>
            <TerminalPane onClose={close} />
          </Suspense>
        )}
        {pane === 'background' && <BackgroundPane onClose={close} onShowConversation={reveal.conversation} onReview={reveal.task} />}
        {inbox.open && <InboxPanel onClose={inbox.close} onReview={inbox.review} reviewing={inbox.reviewId !== null} />}
        <TrustDialog />
        <NewTaskDialog />
      </div>
    </ViewEnvContext.Provider>
  );
}
