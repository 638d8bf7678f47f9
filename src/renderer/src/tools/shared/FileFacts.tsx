// Small shared pieces of the file tools' views: a line of facts under a card's title, a list of
// tool notes and a list of files. Styles for every file view live in Files.css.
import type { ReactNode } from 'react';
import './Files.css';

export function FileFacts({ children }: { children: ReactNode }): ReactNode {
  return <p className="file-facts">{children}</p>;
}

export function NoteList({ notes }: { notes: readonly string[] }): ReactNode {
  return notes.map((n) => (
    <p className="tool-note" key={n}>
      {n}
    </p>
  ));
}

export function FileList({ files, label }: { files: readonly string[]; label: string }): ReactNode {
  return (
    <ul className="file-list" aria-label={label}>
      {files.map((f) => (
        <li key={f}>
          <code>{f}</code>
        </li>
      ))}
    </ul>
  );
}
