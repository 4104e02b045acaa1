import { useMemo } from 'react';
import type { SessionUser } from '../../shared/auth/types';
import { isFieldUser } from '../routes/home-path';
import { type AppRoute, appRoutes, NAV_GROUPS, type NavGroupId } from '../routes/registry';
import { useSession } from '../session/use-session';
import { userCan } from '../session/user-can';
import type { NavIconName } from '../ui/icons';

export interface NavLinkModel {
  path: string;
  label: string;
  icon: NavIconName;
}

export interface NavGroupModel {
  id: NavGroupId;
  label: string;
  icon: NavIconName;
  links: NavLinkModel[];
}

export interface NavModel {
  links: NavLinkModel[];
  groups: NavGroupModel[];
}

const toLink = (route: AppRoute & { nav: NonNullable<AppRoute['nav']> }): NavLinkModel => ({
  path: route.path,
  label: route.nav.label,
  icon: route.nav.icon,
});

/** The sidebar for this user: registered screens with a nav entry that the role allows, groups after links. */
export function buildNav(user: SessionUser | null, routes: readonly AppRoute[] = appRoutes): NavModel {
  const visible = routes.filter(
    (r): r is AppRoute & { nav: NonNullable<AppRoute['nav']> } =>
      r.nav !== undefined && userCan(user, r.permission),
  );
  const groups = (Object.keys(NAV_GROUPS) as NavGroupId[]).map((id) => ({
    id,
    ...NAV_GROUPS[id],
    links: visible.filter((r) => r.nav.group === id).map(toLink),
  }));
  const links = visible.filter((r) => r.nav.group === undefined);
  const first = isFieldUser(user) ? links.filter((r) => r.nav.firstInField) : [];
  return { links: [...first, ...links.filter((r) => !first.includes(r))].map(toLink), groups };
}

export function useNav(): NavModel {
  const { user } = useSession();
  return useMemo(() => buildNav(user), [user]);
}
