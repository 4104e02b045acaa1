// `npm run dev`: the API on PORT (3000) with reload on change, and Vite's dev server on 5173 proxying /api.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const children = [
  spawn(process.execPath, [`${root}node_modules/tsx/dist/cli.mjs`, 'watch', 'server/index.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, STATIC_DIR: '' },
  }),
  spawn(process.execPath, [`${root}node_modules/vite/bin/vite.js`], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => (process.exitCode ||= code ?? 0));
