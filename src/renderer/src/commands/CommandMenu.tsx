// The list under a message that starts with "/": the skills that name could be, each with what it does;
// Up/Down move, Enter or Tab takes one, Escape closes. The message box keeps the focus throughout.
import type { ReactNode } from 'react';
import type { TypedCommand } from './commands-store';
import './CommandMenu.css';

export const COMMAND_MENU_ID = 'composer-commands';
export const commandOptionId = (name: string): string => `composer-command-${name}`;

export function CommandMenu(props: { commands: readonly TypedCommand[]; active: number; onPick: (c: TypedCommand) => void }): ReactNode {
  if (props.commands.length === 0) return null;
  return (
    <ul id={COMMAND_MENU_ID} role="listbox" aria-label="Commands you can run" className="command-menu">
      {props.commands.map((c, i) => (
        <li
          key={c.name}
          id={commandOptionId(c.name)}
          role="option"
          aria-selected={i === props.active}
          className={`command-menu__item${i === props.active ? ' command-menu__item--active' : ''}`}
          // Chosen on mouse down, before the message box loses the focus.
          onMouseDown={(e) => {
            e.preventDefault();
            props.onPick(c);
          }}
        >
          <span className="command-menu__name">
            /{c.name}
            {c.argumentHint ? <span className="command-menu__hint"> {c.argumentHint}</span> : null}
          </span>
          <span className="command-menu__what">{c.description}</span>
          <span className="command-menu__where">{c.source === 'project' ? 'this project' : c.source === 'app' ? 'Agent Desk' : 'yours'}</span>
        </li>
      ))}
    </ul>
  );
}
