// The real API (`server/index.ts` in a child process, tests/server/helpers/server-process.ts) for the faults
// bench: started with the bench's own JWT secret, so the bench can sign its collectors' tokens, and timed from
// spawn to the first 200 of /api/health.
import { type ServerProcess, startServerProcess, waitFor } from '../server/helpers/server-process';

export interface Api extends ServerProcess {
  /** Milliseconds from spawn to the first 200 of /api/health. */
  readyMs: number;
}

export async function startApi(databaseUrl: string, jwtSecret: string): Promise<Api> {
  const started = performance.now();
  const server = await startServerProcess(databaseUrl, { JWT_SECRET: jwtSecret });
  try {
    await waitFor(
      'el servidor responde /api/health 200',
      async () => {
        if (server.exitCode() !== null)
          throw new Error(`el servidor terminó (${server.exitCode()}): ${server.output().slice(-500)}`);
        return (await fetch(`${server.url}/api/health`)).status === 200;
      },
      90_000,
    );
  } catch (err) {
    await server.stop();
    throw err;
  }
  return Object.assign(server, { readyMs: Math.round(performance.now() - started) });
}

/** The lines the server wrote to stderr-like logs about failures (crashes, unexpected errors), at most `n`. */
export function errorLines(server: ServerProcess, n = 5): string[] {
  return server
    .output()
    .split('\n')
    .filter((l) => /error|unhandled|uncaught|fatal|no aplicad/i.test(l))
    .slice(0, n);
}
