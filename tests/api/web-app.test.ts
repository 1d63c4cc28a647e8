import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliCompressSync } from 'node:zlib';
import { startTestServer, type TestServer } from './support/test-server';

const hashedScript = `console.log(${'"x",'.repeat(800)}1);`;
/** The build's Brotli copy of the hashed script: the server must send it, not compress anew. */
const hashedScriptBrotli = brotliCompressSync(hashedScript);

/** A stand-in for the built web app, so these tests do not depend on a build. */
function fakeWebRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'sewa-web-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html><head><title>Sewa</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(root, 'assets', 'index-abc123.js'), hashedScript);
  writeFileSync(path.join(root, 'assets', 'index-abc123.js.br'), hashedScriptBrotli);
  writeFileSync(path.join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(root, 'manifest.webmanifest'), '{"name":"Sewa"}');
  writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return root;
}

describe('serving the web app', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ webRoot: fakeWebRoot(), env: { APP_MODE: 'official' } });
  });
  afterAll(() => server.close());

  it('answers any page path with index.html, for the browser router', async () => {
    for (const pagePath of ['/', '/login', '/messages/123', '/no-such-page']) {
      const response = await fetch(`${server.url}${pagePath}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('compresses the page as the browser accepts it, and says the page varies with that', async () => {
    for (const [accepted, sent] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['GZIP;q=1, BR;q=0.5', 'gzip'],
      ['identity', null],
    ] as const) {
      const response = await fetch(`${server.url}/messages/123`, {
        headers: { 'Accept-Encoding': accepted },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding'), accepted).toBe(sent);
      expect(response.headers.get('vary')).toContain('Accept-Encoding');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('tells the page the configured app mode', async () => {
    const html = await (await fetch(`${server.url}/login`)).text();
    expect(html).toContain('<meta name="app-mode" content="official">');
  });

  it('answers /index.html, which the service worker keeps for starting offline, as the page', async () => {
    const response = await fetch(`${server.url}/index.html`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<meta name="app-mode" content="official">');
  });

  it('has browsers ask for the service worker and the install manifest on every visit', async () => {
    const worker = await fetch(`${server.url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toContain('javascript');
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const manifest = await fetch(`${server.url}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    const icon = await fetch(`${server.url}/favicon.svg`);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const response = await fetch(`${server.url}/assets/index-abc123.js`, {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it("sends the build's Brotli copy of a hashed asset to a browser that takes Brotli", async () => {
    const response = await fetch(`${server.url}/assets/index-abc123.js`, {
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    // Its length is the stored copy's: compressed on the fly, the answer would be chunked.
    expect(response.headers.get('content-length')).toBe(String(hashedScriptBrotli.length));
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await response.text()).toBe(hashedScript);

    const plain = await fetch(`${server.url}/assets/index-abc123.js`, {
      headers: { 'Accept-Encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(hashedScript);
  });

  it('answers unknown API paths and missing files with a JSON 404', async () => {
    for (const missing of ['/api/nothing-here', '/assets/missing-file.js']) {
      const response = await fetch(`${server.url}${missing}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: 'not_found', message: 'Not found' },
      });
    }
  });

  it('sends a strict Content-Security-Policy and the other security headers', async () => {
    const response = await fetch(`${server.url}/login`);
    const csp = response.headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).toBe("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // The service worker and the install manifest come from the site itself.
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('refuses malformed JSON with a 400 error body, not a stack trace', async () => {
    const response = await fetch(`${server.url}/api/health`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"broken":',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBeTypeOf('string');
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
  });
});
