// The security headers of every response. Tokens live in localStorage (docs/producto.md §3), so what keeps a
// script from reading them is that no script but the app's own can run: a Content-Security-Policy of 'self'
// only, with the one inline script of the prerendered shell (decision 012) allowed by its hash, never by
// 'unsafe-inline'. Styles may be inline: Chakra's Emotion writes <style> elements at run time. The service
// worker and Workbox are same-origin scripts.
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../types';

const ONE_YEAR_S = 31_536_000;

/** The policy, allowing exactly the given inline scripts (their text, as in the HTML). */
export function contentSecurityPolicy(inlineScripts: readonly string[] = []): string {
  const hashes = inlineScripts.map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`);
  return [
    "default-src 'self'",
    `script-src 'self'${hashes.map((h) => ` ${h}`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The inline <script> elements of an HTML document (no src attribute), as the browser hashes them. */
export const inlineScriptsOf = (html: string): string[] =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]!);

/** Served over HTTPS, directly or behind a proxy that says so. */
const overHttps = (url: string, forwardedProto: string | undefined) =>
  url.startsWith('https:') || forwardedProto?.split(',')[0]?.trim() === 'https';

/**
 * Every response: no MIME sniffing, no framing, no referrer leaving the app, HSTS when served over HTTPS, and
 * the policy unless a more specific one was set (the HTML shell's, with its script hash). API answers carry
 * people's names, phones and money: no cache, browser or proxy, ever keeps them.
 */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  const defaultPolicy = contentSecurityPolicy();
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', defaultPolicy);
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('X-Frame-Options', 'DENY');
    h.set('Referrer-Policy', 'no-referrer');
    if (overHttps(c.req.url, c.req.header('x-forwarded-proto')))
      h.set('Strict-Transport-Security', `max-age=${ONE_YEAR_S}; includeSubDomains`);
    if (c.req.path.startsWith('/api/')) h.set('Cache-Control', 'no-store');
  };
}
