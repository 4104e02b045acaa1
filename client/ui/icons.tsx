import { type IconProps, SvgIcon } from './svg-icon';

export { IconCoin } from './icon-coin';

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

export const IconEye = (props: IconProps) => (
  <SvgIcon {...props}>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </SvgIcon>
);

export const IconEyeOff = (props: IconProps) => (
  <SvgIcon {...props}>
    <path d="M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3 3.9M6.6 6.6C3.8 8.3 2 12 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18" />
  </SvgIcon>
);

export const IconUsers = (props: IconProps) => (
  <SvgIcon {...props}>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21v-1a6 6 0 0 1 6-6h2a6 6 0 0 1 6 6v1" />
    <path d="M16 3.5a4 4 0 0 1 0 9M22 21v-1a6 6 0 0 0-4-5.6" />
  </SvgIcon>
);

export const IconShield = (props: IconProps) => (
  <SvgIcon {...props}>
    <path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6l8-3z" />
    <path d="M9 12l2 2 4-4" />
  </SvgIcon>
);

export const IconBuilding = (props: IconProps) => (
  <SvgIcon {...props}>
    <rect x="4" y="3" width="16" height="18" rx="1" />
    <path d="M9 7h1M14 7h1M9 11h1M14 11h1M9 15h1M14 15h1M10 21v-3h4v3" />
  </SvgIcon>
);

export const IconAddressBook = (props: IconProps) => (
  <SvgIcon {...props}>
    <rect x="5" y="3" width="15" height="18" rx="2" />
    <circle cx="12.5" cy="10" r="2.5" />
    <path d="M8.5 17a4 4 0 0 1 8 0M3 7h3M3 12h3M3 17h3" />
  </SvgIcon>
);

/** A banknote: the loans entry. */
export const IconBanknote = (props: IconProps) => (
  <SvgIcon {...props}>
    <rect x="2" y="6" width="20" height="12" rx="2" />
    <circle cx="12" cy="12" r="2.5" />
    <path d="M6 12h.01M18 12h.01" />
  </SvgIcon>
);

export const IconMapPin = (props: IconProps) => (
  <SvgIcon {...props}>
    <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </SvgIcon>
);

/** Two arrows in a circle: synchronisation, and a renewed payment in the loan history. */
export const IconSync = (props: IconProps) => (
  <SvgIcon {...props}>
    <path d="M20 11a8 8 0 0 0-14.6-4.5L4 8M4 4v4h4M4 13a8 8 0 0 0 14.6 4.5L20 16M20 20v-4h-4" />
  </SvgIcon>
);

/** A cloud struck through: no connection (the header's sync state). */
export const IconCloudOff = (props: IconProps) => (
  <SvgIcon {...props}>
    <path d="M2 2l20 20" />
    <path d="M5.8 8.3A5 5 0 0 0 7 18h10c.5 0 1-.1 1.4-.2M21.4 15.6A4 4 0 0 0 18 10h-1.3A7 7 0 0 0 9.6 5.2" />
  </SvgIcon>
);

export const IconAlertTriangle = (props: IconProps) => (
  <SvgIcon {...props}>
    <path d="M10.3 3.9L2 18a2 2 0 0 0 1.7 3h16.6a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0zM12 9v4M12 17h.01" />
  </SvgIcon>
);

export const IconCheck = (props: IconProps) => (
  <SvgIcon {...props}>
    <path d="M20 6L9 17l-5-5" />
  </SvgIcon>
);

export const IconX = (props: IconProps) => (
  <SvgIcon {...props}>
    <path d="M18 6L6 18M6 6l12 12" />
  </SvgIcon>
);

export const IconClipboardList = (props: IconProps) => (
  <SvgIcon {...props}>
    <rect x="5" y="4" width="14" height="17" rx="2" />
    <path d="M9 4V3h6v1" />
    <path d="M9 10h6M9 14h6M9 18h3" />
  </SvgIcon>
);

export const IconArrowOut = (props: IconProps) => (
  <SvgIcon {...props}>
    <rect x="3" y="6" width="18" height="13" rx="2" />
    <path d="M12 3v9M8.5 8.5L12 12l3.5-3.5" />
  </SvgIcon>
);

export const IconTrendingUp = (props: IconProps) => (
  <SvgIcon {...props}>
    <path d="M3 17l6-6 4 4 8-8" />
    <path d="M15 7h6v6" />
  </SvgIcon>
);

export const IconRoute = (props: IconProps) => (
  <SvgIcon {...props}>
    <circle cx="6" cy="19" r="2" />
    <circle cx="18" cy="5" r="2" />
    <path d="M8 19h8.5a3.5 3.5 0 000-7h-9a3.5 3.5 0 010-7H16" />
  </SvgIcon>
);

export const IconCashRegister = (props: IconProps) => (
  <SvgIcon {...props}>
    <rect x="3" y="10" width="18" height="10" rx="2" />
    <path d="M7 10V5h10v5M7 14h2M11 14h2M15 14h2M7 17h10" />
  </SvgIcon>
);

export const IconPhone = (props: IconProps) => (
  <SvgIcon {...props}>
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 005 5L15 13l5 2v4a2 2 0 01-2 2A16 16 0 013 6a2 2 0 012-2" />
  </SvgIcon>
);

/** Icons a navigation entry may name (client/routes/registry.ts); add one here with its screen. */
export const navIcons = {
  dashboard: IconDashboard,
  cobranza: IconRoute,
  campo: IconPhone,
  cortes: IconCashRegister,
  loans: IconBanknote,
  sheets: IconClipboardList,
  reports: IconReports,
  egresos: IconArrowOut,
  inversiones: IconTrendingUp,
  clients: IconAddressBook,
  municipalities: IconMapPin,
  users: IconUsers,
  roles: IconShield,
  accounts: IconBuilding,
  sync: IconSync,
  conflicts: IconAlertTriangle,
} as const;

export type NavIconName = keyof typeof navIcons;
