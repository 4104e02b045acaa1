// Screenshots of screens at phone and desktop widths, to look at what we build:
//   npx tsx scripts/screenshots.ts http://localhost:3000 /tmp/shots /login /dashboard
// Paths after the first are taken signed in as the demo admin (EMAIL/PASSWORD override it); FULL=1 for whole pages.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROME_ARGS, CHROME_PATH } from '../tests/e2e/helpers/browser';

const [base = 'http://localhost:3000', outDir = '/tmp/shots', ...paths] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
for (const width of [360, 1280]) {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 760 : 800 },
    locale: 'es-MX',
  });
  const page = await context.newPage();
  for (const path of paths.length ? paths : ['/login', '/dashboard']) {
    if (
      path !== '/login' &&
      !(await page.evaluate(() => localStorage.getItem('jwtToken')).catch(() => null))
    ) {
      await page.goto(`${base}/login`);
      await page.getByLabel('Correo electrónico').fill(process.env.EMAIL ?? 'admin@demo.mx');
      await page.getByLabel('Contraseña').fill(process.env.PASSWORD ?? 'demo1234');
      await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
      await page.waitForURL('**/dashboard');
    }
    await page.goto(`${base}${path}`);
    await page.waitForLoadState('networkidle');
    const file = join(outDir, `${path.replace(/\W+/g, '_') || 'root'}-${width}.png`);
    await page.screenshot({ path: file, fullPage: process.env.FULL === '1' });
    console.log(file);
  }
  await context.close();
}
await browser.close();
