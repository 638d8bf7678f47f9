// Assistant text as markdown (GitHub flavour). No raw HTML, no remote images (strict CSP, DK5).
import { memo, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CodeBlock } from './CodeBlock';
import './Markdown.css';

const components: Components = {
  pre: ({ children }) => <CodeBlock>{children}</CodeBlock>,
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noreferrer noopener">
      {children}
    </a>
  ),
  // Remote content is blocked by the CSP anyway; show what the image was instead of a broken icon.
  img: ({ alt, src }) => (
    <span className="md-image" title={typeof src === 'string' ? src : undefined}>
      [image{alt ? `: ${alt}` : ''}]
    </span>
  ),
  table: ({ children }) => (
    <div className="md-table">
      <table>{children}</table>
    </div>
  ),
};

const plugins = [remarkGfm];

export const Markdown = memo(function Markdown({ text }: { text: string }): ReactNode {
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={plugins} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
});
