import { type IconProps, SvgIcon } from './svg-icon';

/**
 * The brand mark (the app icon's coin), for the sidebar and the login card. In a file of its own so the login
 * screen, which shows no other icon, does not carry the menu's (./icons).
 */
export const IconCoin = (props: IconProps) => (
  <SvgIcon {...props}>
    <circle cx="12" cy="12" r="10" />
    <path d="M15 8.5c-.6-.9-1.7-1.5-3-1.5-1.9 0-3 1-3 2.3 0 3 6 1.7 6 4.9 0 1.3-1.2 2.3-3 2.3-1.4 0-2.5-.6-3.1-1.6M12 5v2m0 10v2" />
  </SvgIcon>
);
