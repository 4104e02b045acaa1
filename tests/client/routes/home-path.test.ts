import { describe, expect, test } from 'vitest';
import { buildNav } from '../../../client/layout/use-nav';
import { homePathFor } from '../../../client/routes/home-path';
import { findRoute } from '../../../client/routes/registry';
import { returnTo } from '../../../client/routes/return-to';
import { userCan } from '../../../client/session/user-can';
import type { SessionUser } from '../../../shared/auth/types';
import { type Permission, SEEDED_ROLES } from '../../../shared/permissions';

const userWith = (permissions: readonly Permission[]): SessionUser => ({
  id: 7,
  name: 'Prueba',
  email: 'prueba@demo.mx',
  account_id: 1,
  account_name: 'Demo',
  role_id: 1,
  role_name: 'X',
  permissions: [...permissions],
});

const admin = userWith(SEEDED_ROLES.ADMINISTRADOR);
const capturista = userWith(SEEDED_ROLES.CAPTURISTA);
const cobrador = userWith(SEEDED_ROLES.COBRADOR);

describe('the home a signed-in user lands on', () => {
  test('office roles land on the dashboard, the COBRADOR on Cobranza', () => {
    expect(homePathFor(admin)).toBe('/dashboard');
    expect(homePathFor(capturista)).toBe('/dashboard');
    expect(homePathFor(cobrador)).toBe('/cobranza');
  });

  test('a role that cannot create loans nor open Cobranza keeps the dashboard', () => {
    expect(homePathFor(userWith(['PRESTAMOS_VER']))).toBe('/dashboard');
    expect(homePathFor(userWith([]))).toBe('/dashboard');
  });

  test('every home is a registered screen the user may open', () => {
    for (const user of [admin, capturista, cobrador, userWith(['HOJAS_VER']), userWith([])]) {
      const route = findRoute(homePathFor(user));
      expect(route).toBeDefined();
      expect(userCan(user, route?.permission)).toBe(true);
    }
  });

  test('the field menu starts with the field home', () => {
    expect(buildNav(cobrador).links[0]?.path).toBe(homePathFor(cobrador));
    expect(buildNav(admin).links[0]?.path).toBe(homePathFor(admin));
  });

  test('after signing in: the remembered page, else the home of that user', () => {
    expect(returnTo(null, cobrador)).toBe('/cobranza');
    expect(returnTo({ from: { pathname: '/' } }, cobrador)).toBe('/cobranza');
    expect(returnTo({ from: { pathname: '/login' } }, cobrador)).toBe('/cobranza');
    expect(returnTo({ from: { pathname: '//evil.example' } }, cobrador)).toBe('/cobranza');
    expect(returnTo(null, admin)).toBe('/dashboard');
    expect(returnTo({ from: { pathname: '/loans', search: '?page=2' } }, cobrador)).toBe('/loans?page=2');
  });
});
