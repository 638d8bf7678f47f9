// Small inline SVG icons, so the UI needs no icon font or emoji glyphs that a system may lack.
import type { ReactNode } from 'react';

type IconProps = { size?: number; className?: string };

function Svg({ size = 16, className, children }: IconProps & { children: ReactNode }): ReactNode {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const LogoIcon = (p: IconProps): ReactNode => (
  <Svg {...p}>
    <path d="M12 3l8 9-8 9-8-9z" fill="currentColor" stroke="none" />
    <path d="M12 8l4 4-4 4-4-4z" fill="var(--logo-inner, rgba(255,255,255,.45))" stroke="none" />
  </Svg>
);

export const PlusIcon = (p: IconProps): ReactNode => (
  <Svg {...p}>
    <path d="M12 5v14M5 12h14" />
  </Svg>
);

export const KeyIcon = (p: IconProps): ReactNode => (
  <Svg {...p}>
    <circle cx="7.5" cy="15.5" r="4.5" />
    <path d="M10.7 12.3L21 2M16 7l3 3M14 9l2 2" />
  </Svg>
);

export const StopIcon = (p: IconProps): ReactNode => (
  <Svg {...p}>
    <rect x="6" y="6" width="12" height="12" rx="2" fill="currentColor" stroke="none" />
  </Svg>
);

export const SendIcon = (p: IconProps): ReactNode => (
  <Svg {...p}>
    <path d="M5 12h13M13 6l6 6-6 6" />
  </Svg>
);

export const FolderIcon = (p: IconProps): ReactNode => (
  <Svg {...p}>
    <path d="M3 7a2 2 0 012-2h4l2 2h8a2 2 0 012 2v8a2 2 0 01-2 2H5a2 2 0 01-2-2z" />
  </Svg>
);

export const AlertIcon = (p: IconProps): ReactNode => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.5M12 16.5v.01" />
  </Svg>
);

export const InfoIcon = (p: IconProps): ReactNode => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5.5M12 7.5v.01" />
  </Svg>
);

export const ArrowDownIcon = (p: IconProps): ReactNode => (
  <Svg {...p}>
    <path d="M12 5v14M6 13l6 6 6-6" />
  </Svg>
);
