import type { ReactNode, SVGProps } from 'react';

// A handful of stroke icons drawn inline: no icon package for six glyphs. They take the text colour and
// size (1em) of their parent and are hidden from screen readers (the label next to them is what is read).
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

function SvgIcon({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const IconDashboard = (props: IconProps) => (
  <SvgIcon {...props}>
    <rect x="3" y="3" width="7" height="9" rx="1" />
    <rect x="14" y="3" width="7" height="5" rx="1" />
    <rect x="14" y="12" width="7" height="9" rx="1" />
    <rect x="3" y="16" width="7" height="5" rx="1" />
  </SvgIcon>
);

export const IconReports = (props: IconProps) => (
  <SvgIcon {...props}>
    <path d="M3 3v18h18" />
    <path d="M7 15l4-4 3 3 5-6" />
  </SvgIcon>
);

export const IconMenu = (props: IconProps) => (
  <SvgIcon {...props}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </SvgIcon>
);

export const IconLogout = (props: IconProps) => (
  <SvgIcon {...props}>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
    <path d="M16 17l5-5-5-5M21 12H9" />
  </SvgIcon>
);

export const IconChevronDown = (props: IconProps) => (
  <SvgIcon {...props}>
    <path d="M6 9l6 6 6-6" />
  </SvgIcon>
);

/** The brand mark (the app icon's coin), for the sidebar and the login card. */
export const IconCoin = (props: IconProps) => (
  <SvgIcon {...props}>
    <circle cx="12" cy="12" r="10" />
    <path d="M15 8.5c-.6-.9-1.7-1.5-3-1.5-1.9 0-3 1-3 2.3 0 3 6 1.7 6 4.9 0 1.3-1.2 2.3-3 2.3-1.4 0-2.5-.6-3.1-1.6M12 5v2m0 10v2" />
  </SvgIcon>
);

/** Icons a navigation entry may name (client/routes/registry.ts); add one here with its screen. */
export const navIcons = {
  dashboard: IconDashboard,
  reports: IconReports,
} as const;

export type NavIconName = keyof typeof navIcons;
