import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { connect, startEmbeddedPostgres } from '../../../server/db/connect';
import { migrate } from '../../../server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    embedded: boolean;
  }
}

/** A fresh, migrated database per run: a new database on DATABASE_URL's server, or an in-memory PGlite. */
export default async function setup(project: TestProject) {
  const base = process.env.DATABASE_URL;
  if (base) {
    const name = `prestamos_test_${Date.now()}_${process.pid}`;
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const sql = connect(url.toString(), { embedded: false, max: 1 });
    await migrate(sql);
    await sql.end();
    project.provide('databaseUrl', url.toString());
    project.provide('embedded', false);
    return async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  console.warn('[tests] DATABASE_URL no está definida: las pruebas del servidor usan PGlite en memoria.');
  const embedded = await startEmbeddedPostgres(null);
  const sql = connect(embedded.url, { embedded: true });
  await migrate(sql);
  await sql.end();
  project.provide('databaseUrl', embedded.url);
  project.provide('embedded', true);
  return () => embedded.stop();
}
