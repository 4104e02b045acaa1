// Browser: a collector's 'Cobranza' (docs/producto.md §2.5) on a 360 px phone throttled like a low-end one
// (Chromium CPU ×4), with no signal and a persistent, disk-backed profile (an incognito context keeps IndexedDB
// in memory and flatters every figure). Real server (vite-built client) on a fresh PostgreSQL database; the
// collector works one town whose week's sheet holds ~500 loans. Measures, offline:
// - open: a tap on the menu's 'Cobranza' (in the drawer, opened first) → the first card painted, and → the whole
//   week's totals shown; both as soon as the app and its menu are drawn and after 1.5 s on the dashboard (the app
//   reads the route ahead when idle);
// - reload: a full reload of /cobranza from the service worker → the first card painted (navigation start);
// - tap: 'Pagó' on a pending card → the card's new state in the DOM and the frame that paints it, counted from
//   the input event's own timestamp (so the wait for the main thread is included).
// Run alone: npx tsx tests/bench/browser-cobranza.bench.ts   (BENCH_COBRANZA_LOANS, BENCH_COBRANZA_RUNS, CHROME_PATH,
//   BENCH_BROWSER_DIST: a client already built with vite, e.g. another version to compare;
//   BENCH_COBRANZA_UBICACION=1: the account records locations and the phone has a position, so every tap is a
//   located one, decision 029)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { createBenchDatabase } from './bench-db';
import { type BenchServer, buildClientOnce, startBenchServer } from './bench-server';
import { readStore } from './browser-probe';
import { apiLogin, collectorPhone, generateSheet, timeClick } from './collector-phone';
import { generateTenant } from './generate';
import { envInt, formatTable, isMain, median, ms } from './stats';

export interface CobranzaBrowserResult {
  weekLoans: number;
  cpuThrottle: number;
  open: number[];
  /** The same after a moment on the dashboard (the idle read-ahead has run). */
  openAfterPause: number[];
  totals: number[];
  reload: number[];
  tap: number[];
  /** From the click's dispatch to the app (after the browser's own touch handling) to the painted frame. */
  tapHandler: number[];
  /** From the click's dispatch to the card's new state in the DOM: the app's own work, before the frame. */
  tapWork: number[];
  tapUnthrottled: number[];
  tapHandlerUnthrottled: number[];
  /** The same tap on a page with one button and one line of text, ×4 and ×1: the browser's own floor. */
  blankTap: number[];
  blankTapUnthrottled: number[];
  /** The collector's first sync (sign-in tap → synced), and the loans and schedules it stored. */
  firstSync: number;
  firstSyncLoans: number;
  /** Smallest height of a button or link on the screen, and whether the page scrolls sideways. */
  minTarget: number;
  horizontalScroll: boolean;
  /** With BENCH_COBRANZA_UBICACION: the collector's payments the server stored, and how many with a position. */
  located?: { payments: number; withPosition: number };
}

const CARD = '[data-testid="cobranza-card"]';
/** The totals bar once every loan of the week has been read (it shows '…' before). */
const TOTALS = '[data-testid="cobranza-totals"][data-ready="true"]';
const CPU_THROTTLE = 4;
/** How long the collector looks at the dashboard before tapping the menu. */
const PAUSE_MS = 1500;

/**
 * A real (trusted) tap on the first pending card's 'Pagó', from Playwright: the page notes the pointerdown's
 * timestamp, watches the card's data-state change, and reports the frame after it.
 */
async function timeTap(page: Page): Promise<{ total: number; handler: number; work: number }> {
  const loanId = await page.locator(`${CARD}[data-state="pendiente"]`).first().getAttribute('data-loan-id');
  const card = page.locator(`${CARD}[data-loan-id="${loanId}"]`);
  const measured = page.evaluate(
    (id) =>
      new Promise<{ total: number; handler: number; work: number }>((resolve) => {
        const el = document.querySelector(`[data-testid="cobranza-card"][data-loan-id="${id}"]`)!;
        let input = 0;
        let click = 0;
        document.addEventListener(
          'pointerdown',
          (event) => {
            input = event.timeStamp;
          },
          { capture: true, once: true },
        );
        // Runs just before the app's own handler (React listens on its root, below the document).
        document.addEventListener(
          'click',
          () => {
            click = performance.now();
          },
          { capture: true, once: true },
        );
        const observer = new MutationObserver(() => {
          if (el.getAttribute('data-state') === 'pendiente') return;
          observer.disconnect();
          const changed = performance.now();
          requestAnimationFrame(() => {
            const now = performance.now();
            resolve({ total: now - input, handler: now - click, work: changed - click });
          });
        });
        observer.observe(el, { attributes: true, attributeFilter: ['data-state'] });
      }),
    loanId,
  );
  await card.getByTestId('cobranza-pago').tap();
  return measured;
}

/**
 * The same trusted tap, timed the same way (pointerdown's timestamp → the frame after the change), on a page
 * holding only a button whose click changes one line: what headless Chromium and a Playwright tap cost with
 * no app at all (the touch is acknowledged and turned into a click before any handler runs).
 */
async function timeBlankTap(context: BrowserContext, rate: number, runs: number): Promise<number[]> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.setContent('<button id="b" style="width:200px;height:60px">Pagó</button><p id="s">—</p>');
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const measured = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let input = 0;
          document.addEventListener(
            'pointerdown',
            (event) => {
              input = event.timeStamp;
            },
            { capture: true, once: true },
          );
          document.getElementById('b')!.addEventListener(
            'click',
            () => {
              document.getElementById('s')!.textContent = 'Pagado';
              requestAnimationFrame(() => resolve(performance.now() - input));
            },
            { once: true },
          );
        }),
    );
    await page.waitForTimeout(300);
    await page.locator('#b').tap();
    times.push(await measured);
  }
  await page.close();
  return times;
}

export async function runCobranzaBrowserBench(
  opts = {
    loans: envInt('BENCH_COBRANZA_LOANS', 1450),
    runs: envInt('BENCH_COBRANZA_RUNS', 5),
    located: process.env.BENCH_COBRANZA_UBICACION === '1',
  },
  log: (line: string) => void = console.log,
): Promise<CobranzaBrowserResult> {
  const db = await createBenchDatabase('cobranzabrowser');
  // BENCH_BROWSER_DIST: a client already built (another version of it, say) instead of building this one.
  const prebuilt = process.env.BENCH_BROWSER_DIST?.trim();
  const build = prebuilt ? { dir: prebuilt, ms: 0, remove: () => {} } : buildClientOnce();
  const profile = mkdtempSync(join(tmpdir(), 'prestamos-bench-profile-'));
  let server: BenchServer | null = null;
  let context: BrowserContext | null = null;
  try {
    const { tenant } = await generateTenant(db.sql, {
      loans: opts.loans,
      clientsPerMunicipality: opts.loans * 2,
    });
    const [town] = await db.sql<{ id: number }[]>`select municipality_id as id from loans
      where account_id = ${tenant.accountId} group by municipality_id order by count(*) desc limit 1`;
    // A Monday town: its coverage week always holds today, so the sheet is the one Cobranza works.
    await db.sql`update municipalities set collection_day = 'LUNES' where id = ${town!.id}`;
    await db.sql`update users set todos_municipios = false where id = ${tenant.collectorId}`;
    await db.sql`insert into user_municipalities (user_id, municipality_id) values (${tenant.collectorId}, ${town!.id})`;
    if (opts.located)
      await db.sql`update accounts set registrar_ubicacion = true where id = ${tenant.accountId}`;
    server = await startBenchServer(db.url, build.dir);
    const admin = await apiLogin(server.baseUrl, tenant.adminEmail, tenant.password);
    const sheet = await generateSheet(server.baseUrl, admin, town!.id);
    log(`[cobranza] ${sheet.loans_count} préstamos en la hoja ${sheet.id} (semana ${sheet.coverage_week})`);

    const phone = await collectorPhone(profile, server.baseUrl, {
      email: tenant.collectorEmail,
      password: tenant.password,
    });
    context = phone.context;
    const { page } = phone;
    const firstSyncLoans = (await readStore(page, { counts: ['loans'] })).counts!.loans!;
    log(
      `[cobranza] primera sincronización del cobrador: ${ms(phone.firstSyncMs)} ms, ${firstSyncLoans} préstamos`,
    );
    // Chromium's position override keeps the instant it was set as the position's time: set again before each
    // run, it stays as fresh as a real phone's watch keeps it.
    const position = async () => {
      if (opts.located)
        await context!.setGeolocation({ latitude: 19.0432, longitude: -98.1981, accuracy: 12 });
    };
    if (opts.located) {
      // The browser's own permission and position overrides; the reason read once, so the watch runs.
      await context.grantPermissions(['geolocation']);
      await position();
      await page.goto('/cobranza');
      await page.getByRole('button', { name: 'Entendido' }).click();
      await page.locator('[data-testid="ubicacion-estado"][data-estado="lista"]').waitFor();
    }
    // The payments the taps below record reach the server after this instant.
    const tapsFrom = new Date();
    await context.setOffline(true);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });

    // The phone's menu is the drawer: opened first (as the collector does), then its 'Cobranza' link timed.
    const menuLink = '[data-testid="mobile-nav"] a[href="/cobranza"]';
    const openMenu = async () => {
      await page.getByTestId('menu-toggle').click();
      await page.locator(menuLink).waitFor();
    };
    const open: number[] = [];
    const openAfterPause: number[] = [];
    const totals: number[] = [];
    const reload: number[] = [];
    const tap: number[] = [];
    const tapHandler: number[] = [];
    const tapWork: number[] = [];
    /** Navigation start → the dashboard's heading and menu button in the DOM, per visit. */
    const dashboardShown: number[] = [];
    const dashboard = async () => {
      await page.goto('/dashboard');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.getByTestId('menu-toggle').waitFor();
      dashboardShown.push(await page.evaluate(() => performance.now()));
    };
    for (let i = 0; i <= opts.runs; i++) {
      await position();
      // At once: the menu tapped as soon as the app has drawn it.
      await dashboard();
      await openMenu();
      const [o, t] = await timeClick(page, menuLink, [CARD, TOTALS]);
      // Two taps, each after a pause (the collector reads the card first).
      const taps: { total: number; handler: number; work: number }[] = [];
      for (let k = 0; k < 2; k++) {
        await page.waitForTimeout(1500);
        taps.push(await timeTap(page));
      }
      // As a collector does: the dashboard seen for a moment, then the menu.
      await dashboard();
      await page.waitForTimeout(PAUSE_MS);
      await openMenu();
      const [p] = await timeClick(page, menuLink, [CARD]);
      await page.reload();
      await page.locator(CARD).first().waitFor();
      const r = await page.evaluate(async () => {
        // The first card's frame, counted from the navigation's start.
        await new Promise(requestAnimationFrame);
        return performance.now();
      });
      // The first run loads the screen's code from the service worker's cache: reported apart as a warm-up.
      if (i > 0) {
        open.push(o!);
        openAfterPause.push(p!);
        totals.push(t!);
        tap.push(...taps.map((x) => x.total));
        tapHandler.push(...taps.map((x) => x.handler));
        tapWork.push(...taps.map((x) => x.work));
        reload.push(r);
      }
      log(
        `[cobranza] corrida ${i}: dashboard a los ${ms(dashboardShown.at(-2)!)} ms de la navegación; abrir ${ms(o!)} ms (tras una pausa ${ms(p!)} ms), totales ${ms(t!)} ms, taps ${taps.map((x) => `${ms(x.total)} (${ms(x.handler)})`).join(' / ')} ms, recarga ${ms(r)} ms`,
      );
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const tapUnthrottled: number[] = [];
    const tapHandlerUnthrottled: number[] = [];
    await position();
    await page.goto('/cobranza');
    await page.locator(TOTALS).waitFor();
    for (let k = 0; k < 5; k++) {
      await page.waitForTimeout(1500);
      const x = await timeTap(page);
      tapUnthrottled.push(x.total);
      tapHandlerUnthrottled.push(x.handler);
    }
    log(`[cobranza] taps sin limitar la CPU: ${tapUnthrottled.map(ms).join(' / ')} ms`);
    const blankTap = await timeBlankTap(context, CPU_THROTTLE, 5);
    const blankTapUnthrottled = await timeBlankTap(context, 1, 5);
    log(
      `[cobranza] el mismo tap en una página vacía: ×${CPU_THROTTLE} ${blankTap.map(ms).join(' / ')} ms, ×1 ${blankTapUnthrottled.map(ms).join(' / ')} ms`,
    );
    let located: CobranzaBrowserResult['located'];
    if (opts.located) {
      await context.setOffline(false);
      await page.goto('/sync');
      await page.locator('[data-testid="sync-indicator"][data-state="synced"]').waitFor({ timeout: 120_000 });
      // Until the server's count stops growing: the indicator may say 'synced' before the queued taps go out.
      const count = () => db.sql<
        { payments: number; with_position: number }[]
      >`select count(*)::int as payments,
          (count(*) filter (where ubicacion_lat is not null))::int as with_position
        from payments where user_id = ${tenant.collectorId} and created_at >= ${tapsFrom}`;
      let [row] = await count();
      for (let same = 0; same < 5; ) {
        await page.waitForTimeout(1000);
        const [next] = await count();
        same = next!.payments === row!.payments ? same + 1 : 0;
        row = next;
      }
      // Every answer the server gave the phone's entries: a position the server refused would show here.
      const answers = await db.sql<{ status: string; reason: string | null; n: number }[]>`select r.status,
          r.reason, count(*)::int as n
        from sync_mutation_results r join sync_clients c on c.client_id = r.client_id
        where c.user_id = ${tenant.collectorId} and r.created_at >= ${tapsFrom}
        group by 1, 2 order by 1, 2`;
      located = { payments: row!.payments, withPosition: row!.with_position };
      log(
        `[cobranza] pagos con ubicación en el servidor: ${located.withPosition} de ${located.payments}; respuestas: ${answers.map((a) => `${a.status}${a.reason ? ` (${a.reason})` : ''} ×${a.n}`).join(', ')}`,
      );
      await page.goto('/cobranza');
      await page.locator(TOTALS).waitFor();
    }
    const layout = await page.evaluate(() => {
      const targets = [...document.querySelectorAll<HTMLElement>('main button, main a[href]')].filter(
        (el) => el.offsetParent !== null,
      );
      return {
        minTarget: Math.min(...targets.map((el) => el.getBoundingClientRect().height)),
        horizontalScroll: document.documentElement.scrollWidth > document.documentElement.clientWidth,
      };
    });
    return {
      firstSync: phone.firstSyncMs,
      firstSyncLoans,
      weekLoans: sheet.loans_count,
      cpuThrottle: CPU_THROTTLE,
      open,
      openAfterPause,
      totals,
      reload,
      tap,
      tapHandler,
      tapWork,
      tapUnthrottled,
      tapHandlerUnthrottled,
      blankTap,
      blankTapUnthrottled,
      ...layout,
      located,
    };
  } finally {
    await context?.close().catch(() => {});
    await server?.stop();
    build.remove();
    rmSync(profile, { recursive: true, force: true });
    await db.drop();
  }
}

const row = (name: string, values: number[], goal: string) => [
  name,
  ms(median(values)),
  ms(Math.max(...values)),
  String(values.length),
  goal,
];

export const cobranzaBrowserReport = (r: CobranzaBrowserResult) =>
  `${formatTable(
    `Cobranza en el teléfono, sin señal (${r.weekLoans} préstamos en la semana; 360 px, CPU ×${r.cpuThrottle}, perfil persistente en disco)`,
    ['medición', 'mediana ms', 'máx ms', 'n', 'meta'],
    [
      row("menú 'Cobranza' tras 1.5 s en el Dashboard → primera tarjeta pintada", r.openAfterPause, '< 300'),
      row("menú 'Cobranza' en cuanto aparece → primera tarjeta pintada", r.open, '< 300'),
      row("menú 'Cobranza' en cuanto aparece → totales de toda la semana", r.totals, '—'),
      row("'Pagó' (evento de entrada) → tarjeta cambiada y pintada", r.tap, '≤ 16'),
      row("'Pagó' (click entregado a la app) → tarjeta pintada", r.tapHandler, '—'),
      row(
        "'Pagó' (click entregado a la app) → tarjeta cambiada en el DOM (trabajo de la app)",
        r.tapWork,
        '≤ 16',
      ),
      row("'Pagó' sin limitar la CPU (×1): evento → pintada", r.tapUnthrottled, '≤ 16'),
      row("'Pagó' sin limitar la CPU (×1): click → pintada", r.tapHandlerUnthrottled, '—'),
      row(
        `referencia: el mismo tap en una página vacía (×${r.cpuThrottle}): evento → pintada`,
        r.blankTap,
        '—',
      ),
      row('referencia: el mismo tap en una página vacía (×1): evento → pintada', r.blankTapUnthrottled, '—'),
      row('recarga completa de /cobranza → primera tarjeta', r.reload, '—'),
      row(
        `primera sincronización del cobrador (${r.firstSyncLoans} préstamos de su municipio; sin limitar la CPU)`,
        [r.firstSync],
        '< 500',
      ),
    ],
  )}${r.located ? `\nToques con ubicación: ${r.located.withPosition} de ${r.located.payments} pagos llegaron con posición.` : ''}\nObjetivos táctiles: el más bajo mide ${ms(r.minTarget)} px (meta ≥ 44); desplazamiento horizontal: ${
    r.horizontalScroll ? 'SÍ' : 'no'
  }.`;

if (isMain(import.meta.url)) console.log(cobranzaBrowserReport(await runCobranzaBrowserBench()));
