// A link to a web page from a tool's card: desktop opens it in the system browser (a new window is
// handed to it by electron/navigation.ts), the web host in a new tab; never with our page as opener.
import type { ReactNode } from 'react';

export function ExternalLink({ href, children }: { href: string; children: ReactNode }): ReactNode {
  return (
    <a href={href} target="_blank" rel="noreferrer noopener" className="external-link">
      {children}
    </a>
  );
}
