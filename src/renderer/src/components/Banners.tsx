// The stack of banners at the top of the main column: errors (role=alert) and notices, each dismissable.
import type { ReactNode } from 'react';
import { useApp } from '../stores/react';
import { AlertIcon, InfoIcon } from './icons';
import './Banners.css';

export function Banners(): ReactNode {
  const banners = useApp((s) => s.banners);
  const dismiss = useApp((s) => s.dismissBanner);
  if (banners.length === 0) return null;
  return (
    <div className="banners">
      {banners.map((b) => (
        <div key={b.id} role={b.level === 'info' ? 'status' : 'alert'} className={`banner banner--${b.level}`}>
          <span className="banner__icon">{b.level === 'info' ? <InfoIcon size={18} /> : <AlertIcon size={18} />}</span>
          <div className="banner__text">
            {b.title && <strong className="banner__title">{b.title}</strong>}
            <span className="banner__message">{b.message}</span>
          </div>
          <button type="button" className="button button--ghost banner__dismiss" onClick={() => dismiss(b.id)}>
            Dismiss
          </button>
        </div>
      ))}
    </div>
  );
}
