import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages, pageSource, shellSource } from '@shared/pages';
import { demoPassword, seedDemoUsers } from '../../server/src/auth/demo-users';
import type { WebManifest } from '../../server/src/http/web-manifest';
import { profilesRepository } from '../../server/src/profiles/profiles-repository';
import { Client } from './auth/client';
import { startTestServer, type TestServer } from './support/test-server';

const chunkName = (source: string) => `assets/${path.basename(source, '.tsx')}-h4sh.js`;

/**
 * A built web app in miniature: an entry with one import, both shells, every page, and
 * chunks the login page and the conversation share with others.
 */
function fakeManifest(): WebManifest {
  const manifest: WebManifest = {
    'index.html': { file: 'assets/index-h4sh.js', isEntry: true, imports: ['_react-h4sh.js'] },
    '_react-h4sh.js': { file: 'assets/react-h4sh.js' },
    '_button-h4sh.js': { file: 'assets/button-h4sh.js', imports: ['_react-h4sh.js'] },
    '_form-h4sh.js': { file: 'assets/form-h4sh.js', imports: ['_button-h4sh.js', 'index.html'] },
    '_camera-h4sh.js': { file: 'assets/camera-h4sh.js' },
  };
  for (const shell of ['public', 'protected'] as const) {
    manifest[shellSource(shell)] = {
      file: chunkName(shellSource(shell)),
      imports: ['index.html', ...(shell === 'protected' ? ['_camera-h4sh.js'] : [])],
    };
  }
  for (const page of pages) {
    manifest[pageSource(page)] = {
      file: chunkName(pageSource(page)),
      imports: page.module === 'login' ? ['_form-h4sh.js'] : ['_button-h4sh.js'],
    };
  }
  return manifest;
}

function fakeWebRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'sewa-web-'));
  mkdirSync(path.join(root, '.vite'), { recursive: true });
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html><head><title>Sewa</title>' +
      '<script type="module" crossorigin src="/assets/index-h4sh.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/react-h4sh.js">' +
      '</head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(root, '.vite', 'manifest.json'), JSON.stringify(fakeManifest()));
  return root;
}

/** The modules a page's HTML asks the browser to preload, in order. */
function modulePreloads(html: string): string[] {
  return [...html.matchAll(/<link rel="modulepreload" crossorigin[^>]* href="([^"]+)">/g)].map(
    (match) => match[1] ?? '',
  );
}

const sessionPreload = '<link rel="preload" href="/api/me" as="fetch" crossorigin="anonymous">';

/** The API answers a page's HTML asks the browser to fetch with it, in order. */
function dataPreloads(html: string): string[] {
  return [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch"/g)].map(
    (match) => match[1] ?? '',
  );
}

describe('preloading what a page needs', () => {
  let server: TestServer;
  const html = async (pagePath: string) => {
    const response = await fetch(`${server.url}${pagePath}`);
    expect(response.status).toBe(200);
    return response.text();
  };

  beforeAll(async () => {
    server = await startTestServer({ webRoot: fakeWebRoot() });
  });
  afterAll(() => server.close());

  it("lists the sign-in page's shell, module and their imports, beyond the entry's", async () => {
    expect(modulePreloads(await html('/login'))).toEqual([
      '/assets/react-h4sh.js',
      '/assets/public-shell-h4sh.js',
      '/assets/login-h4sh.js',
      '/assets/form-h4sh.js',
      '/assets/button-h4sh.js',
    ]);
  });

  it('reads the path as the router does: parameters, a trailing slash, any case, a query', async () => {
    const conversation = [
      '/assets/react-h4sh.js',
      '/assets/protected-shell-h4sh.js',
      '/assets/camera-h4sh.js',
      '/assets/conversation-h4sh.js',
      '/assets/button-h4sh.js',
    ];
    expect(modulePreloads(await html('/messages/abc-123'))).toEqual(conversation);
    expect(modulePreloads(await html('/Messages/abc-123/?from=home'))).toEqual(conversation);
    expect(modulePreloads(await html('/messages'))).toContain('/assets/messages-h4sh.js');
    expect(modulePreloads(await html('/login/?next=%2F'))).toContain('/assets/login-h4sh.js');
  });

  it("lets the entry's own modules come first: the page's are asked for at low priority", async () => {
    const page = await html('/login');
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/react-h4sh.js">');
    expect(page).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/login-h4sh.js">',
    );
  });

  it('asks for the session with the page only where the protected shell waits for it', async () => {
    expect(await html('/')).toContain(sessionPreload);
    expect(await html('/messages/abc-123')).toContain(sessionPreload);
    expect(await html('/login')).not.toContain(sessionPreload);
  });

  it('preloads only the entry for a path no page owns', async () => {
    for (const unknown of ['/no-such-page', '/messages/abc/extra', '/loginx']) {
      const page = await html(unknown);
      expect(modulePreloads(page)).toEqual(['/assets/react-h4sh.js']);
      expect(page).not.toContain(sessionPreload);
    }
  });
});

describe('the page table', () => {
  it('names a module that exists for every page and shell', () => {
    const sources = [...pages.map(pageSource), shellSource('public'), shellSource('protected')];
    expect(sources.filter((source) => !existsSync(path.join('web', source)))).toEqual([]);
  });
});

describe("preloading the reader's data with a page", () => {
  let server: TestServer;
  const page = async (client: Client, pagePath: string) => {
    const answer = await client.get(pagePath);
    expect(answer.status).toBe(200);
    return String(answer.body);
  };
  const signedIn = async (email: string) => {
    const client = new Client(server.url);
    const answer = await client.post('/api/auth/sign-in/email', { email, password: demoPassword });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return client;
  };
  const id = '0b7c2d1e-4f5a-4b6c-8d9e-0f1a2b3c4d5e';

  beforeAll(async () => {
    server = await startTestServer({ webRoot: fakeWebRoot() });
    const db = server.database.db;
    await seedDemoUsers(server.auth, db, profilesRepository(db));
  });
  afterAll(() => server.close());

  it("names the patient's home's and a conversation's requests for a signed-in patient", async () => {
    const patient = await signedIn('patient@example.com');
    const me = (await patient.get<{ user: { id: string } }>('/api/me')).body.user.id;
    expect(dataPreloads(await page(patient, '/'))).toEqual([
      '/api/me',
      '/api/visits/current',
      '/api/messaging/conversations',
      `/api/patients/${me}/vitals`,
      '/api/appointments/next',
    ]);
    // Booking opens on the server's first free doctor and day.
    expect(dataPreloads(await page(patient, '/appointments/book'))).toEqual([
      '/api/me',
      '/api/visits/current',
      '/api/appointments/availability',
    ]);
    expect(dataPreloads(await page(patient, `/messages/${id}`))).toEqual([
      '/api/me',
      '/api/visits/current',
      `/api/messaging/conversations/${id}`,
      `/api/messaging/conversations/${id}/messages`,
    ]);
    // Their own record, under their own id: what Health and the Profile read as they open.
    expect(dataPreloads(await page(patient, '/health'))).toEqual([
      '/api/me',
      '/api/visits/current',
      `/api/patients/${me}/vitals`,
      `/api/patients/${me}/medications`,
      '/api/visits/history',
      '/api/uploads',
    ]);
    expect(dataPreloads(await page(patient, '/profile'))).toEqual([
      '/api/me',
      '/api/visits/current',
      `/api/patients/${me}/vitals`,
    ]);
  });

  it('names only what the reader’s own screen asks for: a doctor’s home is not a patient’s', async () => {
    const doctor = await signedIn('doctor@example.com');
    expect(dataPreloads(await page(doctor, '/'))).toEqual(['/api/me']);
    expect(dataPreloads(await page(doctor, '/profile'))).toEqual(['/api/me']);
    // The doctor's day above the queue, and their own hours.
    expect(dataPreloads(await page(doctor, '/queue'))).toEqual([
      '/api/me',
      '/api/appointments/today',
    ]);
    const doctorId = (await doctor.get<{ user: { id: string } }>('/api/me')).body.user.id;
    expect(dataPreloads(await page(doctor, `/hours/${doctorId}`))).toEqual([
      '/api/me',
      `/api/doctors/${doctorId}/hours`,
    ]);
    expect(dataPreloads(await page(doctor, `/messages/${id}`))).toEqual([
      '/api/me',
      `/api/messaging/conversations/${id}`,
      `/api/messaging/conversations/${id}/messages`,
    ]);
    // A patient's chart is a doctor's screen: only a doctor's page asks for it.
    expect(dataPreloads(await page(doctor, `/chart/${id}`))).toEqual([
      '/api/me',
      `/api/patients/${id}/chart`,
    ]);
    const patient = await signedIn('patient@example.com');
    expect(dataPreloads(await page(patient, `/chart/${id}`))).toEqual([
      '/api/me',
      '/api/visits/current',
    ]);
  });

  it('names no data without a live session, and never on a signed-out page', async () => {
    const patient = await signedIn('patient@example.com');
    expect(dataPreloads(await page(patient, '/login'))).toEqual([]);

    const stranger = new Client(server.url);
    expect(dataPreloads(await page(stranger, '/'))).toEqual(['/api/me']);
    const forged = new Client(server.url);
    for (const [name, value] of patient.cookies) forged.cookies.set(name, `${value}x`);
    expect(dataPreloads(await page(forged, '/'))).toEqual(['/api/me']);

    const signedOut = patient.copy();
    expect((await patient.post('/api/auth/sign-out')).status).toBe(200);
    expect(dataPreloads(await page(signedOut, '/'))).toEqual(['/api/me']);
  });

  it('puts only a plain id of the path into a preload', async () => {
    const patient = await signedIn('patient@example.com');
    for (const odd of ['%22%3E%3Cscript%3E', 'a%20b', "x'y", 'a'.repeat(200)]) {
      const html = await page(patient, `/messages/${odd}`);
      expect(dataPreloads(html)).toEqual(['/api/me', '/api/visits/current']);
      expect(html).not.toContain('<script>');
    }
  });

  it('varies the page by cookie, for any cache between', async () => {
    const answer = await new Client(server.url).get('/');
    expect(answer.headers.get('vary')).toMatch(/cookie/i);
  });
});
