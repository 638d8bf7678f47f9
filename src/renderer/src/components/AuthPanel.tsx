// Shown while no API key is configured: a form that stores the key on the machine that runs Agent Desk
// (desktop: the keychain; web: a private file on the host), or, where it can't, how to start with one.
// It sits above the transcript, so past conversations stay readable (not a dead end).
import { useState, type ReactNode } from 'react';
import { useApp } from '../stores/react';
import { KeyIcon } from './icons';
import './Panels.css';

/** Quote a folder for a shell command only when it needs it. */
function shellWord(dir: string): string {
  return /^[\w@%+=:,./-]+$/.test(dir) ? dir : `'${dir.replace(/'/g, `'\\''`)}'`;
}

export function AuthPanel(): ReactNode {
  const auth = useApp((s) => s.init?.auth ?? null);
  const projectDir = useApp((s) => s.init?.project?.dir ?? null);
  if (!auth || auth.configured) return null;
  return auth.canStoreKey ? <KeyForm /> : <EnvInstructions dir={projectDir} />;
}

const DESKTOP_STORAGE = 'The key is stored encrypted on this computer and only sent to Anthropic.';
const WEB_STORAGE =
  'The key is kept on the computer that runs Agent Desk, in a file only its user account can read, and only sent to Anthropic. This page never sees it again.';

function KeyForm(): ReactNode {
  const host = useApp((s) => s.init?.host ?? null);
  const [key, setKey] = useState('');
  const saving = useApp((s) => s.savingKey);
  const save = useApp((s) => s.saveApiKey);
  return (
    <section className="panel panel--key" aria-labelledby="key-heading">
      <div className="panel__icon">
        <KeyIcon size={18} />
      </div>
      <div className="panel__body">
        <h2 id="key-heading" className="panel__title">
          Connect Agent Desk to Claude
        </h2>
        <p>
          Agent Desk needs an Anthropic API key to talk to the model. To get one, sign in to the Anthropic Console
          (console.anthropic.com), open <strong>API keys</strong>, choose <strong>Create key</strong>, and copy the key
          (it starts with <code>sk-ant-</code>).
        </p>
        <form
          className="key-form"
          onSubmit={(e) => {
            e.preventDefault();
            void save(key).then((ok) => ok && setKey(''));
          }}
        >
          <label htmlFor="api-key" className="key-form__label">
            API key
          </label>
          <div className="key-form__row">
            <input
              id="api-key"
              className="input"
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder="sk-ant-…"
              value={key}
              onChange={(e) => setKey(e.target.value)}
            />
            <button type="submit" className="button button--primary" disabled={saving || key.trim().length === 0}>
              {saving ? 'Saving…' : 'Save key'}
            </button>
          </div>
          <p className="panel__fine">{host === 'web' ? WEB_STORAGE : DESKTOP_STORAGE}</p>
        </form>
      </div>
    </section>
  );
}

function EnvInstructions({ dir }: { dir: string | null }): ReactNode {
  const command = `ANTHROPIC_API_KEY=… agent-desk serve ${dir ? shellWord(dir) : 'DIR'}`;
  return (
    <section className="panel panel--key" aria-labelledby="key-heading">
      <div className="panel__icon">
        <KeyIcon size={18} />
      </div>
      <div className="panel__body">
        <h2 id="key-heading" className="panel__title">
          No API key configured
        </h2>
        <p>
          Agent Desk needs an Anthropic API key to talk to the model. Start Agent Desk with{' '}
          <code>ANTHROPIC_API_KEY</code> set, e.g.
        </p>
        <pre className="panel__command">
          <code>{command}</code>
        </pre>
        <p className="panel__fine">You can still read your past conversations meanwhile.</p>
      </div>
    </section>
  );
}
