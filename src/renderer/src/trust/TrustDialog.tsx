// "Do you trust this folder?" (PX4, issue 16 item 1): before anything a project folder configures for
// itself takes effect, the person sees it in plain words — the commands it would run by itself, the
// settings it would change, what it would allow without asking, the servers it would start — and
// chooses: trust it, or open it without its settings (its deny rules still apply). When the folder's
// configuration changes after that, only what is new is shown.
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import type { FolderConfiguration, TrustStatus } from '../../../shared/trust';
import { WarningIcon } from '../components/icons';
import { useApp, useTrust } from '../stores/react';
import { displayPath } from '../tools/shared/paths';
import { trustDue } from '../stores/trust-store';
import '../styles/modal-card.css';
import './TrustDialog.css';

const MODE_WORDS: Record<string, string> = {
  acceptEdits: 'change files without asking',
  bypassPermissions: 'do anything without asking',
  plan: 'only plan, without changing anything',
};

function Section({ title, items, id }: { title: string; items: ReactNode[]; id: string }): ReactNode {
  if (items.length === 0) return null;
  return (
    <section className="trust__section" aria-labelledby={id}>
      <h3 id={id} className="trust__section-title">
        {title}
      </h3>
      <ul className="trust__list">
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

function Lists({ c, projectDir }: { c: FolderConfiguration; projectDir: string }): ReactNode {
  const from = (file: string) => <span className="trust__from"> — from {displayPath(file, projectDir)}</span>;
  return (
    <>
      <Section
        id="trust-hooks"
        title="Commands it would run by itself"
        items={c.hooks.map((h) => (
          <>
            <code>{h.command}</code>
            <span className="trust__when"> {hookWhen(h.event, h.matcher)}</span>
            {from(h.file)}
          </>
        ))}
      />
      <Section
        id="trust-mcp"
        title="Servers it would start or connect to"
        items={c.mcpServers.map((s) => (
          <>
            <strong>{s.name}</strong>: <code>{s.command ?? s.url ?? '(nothing given)'}</code>
            {from(s.file)}
          </>
        ))}
      />
      <Section
        id="trust-lsp"
        title="Language servers it would start (to look up code for the assistant)"
        items={(c.lspServers ?? []).map((s) => (
          <>
            <strong>{s.name}</strong>: <code>{s.command}</code>
            {from(s.file)}
          </>
        ))}
      />
      <Section
        id="trust-instructions"
        title="Skills and helpers it would give the assistant"
        items={(c.instructions ?? []).map((i) => (
          <>
            <strong>{i.name}</strong> ({i.kind === 'skill' ? 'a skill' : 'a helper agent'}){i.grants ? `: ${i.grants}` : ''}
            {from(i.file)}
          </>
        ))}
      />
      <Section
        id="trust-env"
        title="Settings it would give every command (environment variables)"
        items={c.env.map((e) => (
          <>
            <code>
              {e.name}={e.value}
            </code>
            {from(e.file)}
          </>
        ))}
      />
      <Section
        id="trust-allow"
        title="What it would let the assistant do without asking"
        items={c.allowRules.map((r) => (
          <>
            <code>{r.rule}</code>
            {from(r.file)}
          </>
        ))}
      />
      <Section
        id="trust-mode"
        title="How it would set the assistant up"
        items={c.defaultMode ? [<>Let the assistant {MODE_WORDS[c.defaultMode.mode] ?? c.defaultMode.mode}{from(c.defaultMode.file)}</>] : []}
      />
      <Section
        id="trust-agents"
        title="Helper agents it defines (each with its own instructions and tools)"
        items={(c.agents ?? []).map((x) => (
          <>
            <strong>{x.name}</strong>
            {from(x.file)}
          </>
        ))}
      />
      <Section
        id="trust-sandbox"
        title="How it would loosen the sandbox that contains commands"
        items={(c.sandbox ?? []).map((x) => (
          <>
            It {x.what}
            {from(x.file)}
          </>
        ))}
      />
      <Section
        id="trust-dirs"
        title="Folders outside the project it would open to the assistant"
        items={c.additionalDirectories.map((d) => (
          <>
            <code>{d.dir}</code>
            {from(d.file)}
          </>
        ))}
      />
    </>
  );
}

function hookWhen(event: string, matcher?: string): string {
  const what = matcher && matcher !== '*' ? ` (${matcher})` : '';
  switch (event) {
    case 'SessionStart':
      return 'when a conversation starts';
    case 'UserPromptSubmit':
      return 'each time you send a message';
    case 'PreToolUse':
      return `before the assistant uses a tool${what}`;
    case 'PostToolUse':
    case 'PostToolUseFailure':
      return `after the assistant used a tool${what}`;
    case 'Stop':
      return 'when the assistant finishes';
    default:
      return `on ${event}`;
  }
}

export function TrustDialog(): ReactNode {
  const status = useTrust((s) => s.status);
  const due = useTrust(trustDue);
  const busy = useTrust((s) => s.busy);
  const error = useTrust((s) => s.error);
  const trust = useTrust((s) => s.trust);
  const decline = useTrust((s) => s.decline);
  const projectName = useApp((s) => s.init?.project?.name ?? 'this folder');
  if (!due || !status) return null;
  return <TrustModal status={status} projectName={projectName} busy={busy} error={error} onTrust={() => void trust()} onDecline={decline} />;
}

function TrustModal(p: { status: TrustStatus; projectName: string; busy: boolean; error: string | null; onTrust: () => void; onDecline: () => void }): ReactNode {
  const ref = useRef<HTMLDialogElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  // Modal on purpose: nothing of the folder has run, and nothing should happen before the answer.
  // Focus goes to the question, not to a button: the dialog can open while the person is typing (the
  // folder's settings changed), and an Enter meant for the message must not trust the folder (PX1).
  useLayoutEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    title.current?.focus();
    return () => d?.close();
  }, []);
  const changed = p.status.state === 'changed';
  const shown = changed && p.status.added ? p.status.added : p.status.configuration;
  return (
    <dialog ref={ref} className="modal-card trust" aria-labelledby="trust-title" aria-describedby="trust-intro" onCancel={(e) => e.preventDefault()}>
      <div className="trust__panel">
        <h2 id="trust-title" className="trust__title" ref={title} tabIndex={-1}>
          {changed ? `${p.projectName} changed its settings. Trust the changes?` : `Do you trust the folder ${p.projectName}?`}
        </h2>
        <p id="trust-intro" className="trust__intro">
          <WarningIcon size={16} />{' '}
          {changed
            ? 'Since you trusted this folder, its files ask for more. Nothing of what is new has run yet.'
            : 'This folder comes with its own settings for Agent Desk. Nothing of them has run yet. Trust it only if you know where it comes from — a folder from the internet can use these settings to run programs on your computer.'}
        </p>
        <Lists c={shown} projectDir={p.status.projectDir} />
        {p.error && (
          <p className="trust__error" role="alert">
            {p.error}
          </p>
        )}
        <div className="trust__actions">
          <button type="button" className="button button--primary" disabled={p.busy} onClick={p.onTrust}>
            {changed ? 'Trust the changes' : 'Trust this folder'}
          </button>
          <button type="button" className="button button--secondary" disabled={p.busy} onClick={p.onDecline}>
            Open without its settings
          </button>
        </div>
        <p className="trust__note">
          Without its settings, the assistant still works here and asks before anything risky; the folder's rules that forbid things still apply.
        </p>
      </div>
    </dialog>
  );
}
