import type { ReactNode, SVGProps } from 'react';

// A handful of stroke icons drawn inline: no icon package for six glyphs. They take the text colour and
// size (1em) of their parent and are hidden from screen readers (the label next to them is what is read).
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

export function SvgIcon({ children, ...props }: IconProps & { children: ReactNode }) {
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
