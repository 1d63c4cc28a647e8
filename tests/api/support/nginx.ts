import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './test-server';

/** Debian's nginx, where `scripts/install-system-deps.sh` puts it. */
export const nginxPath = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) =>
  existsSync(candidate),
);

/** The configuration the deployment guide ships, run here with the test's ports. */
const shippedSite = path.resolve('deploy/nginx/sewa.conf');

export interface Nginx {
  url: string;
  stop(): Promise<void>;
}

/** The app server's port that answered through nginx (the test's `X-Upstream` header). */
export function upstreamPort(headers: Headers): number {
  return Number(headers.get('x-upstream')?.split(':').pop());
}

/**
 * An nginx of the test's own on loopback, in front of `appPorts`, running
 * `deploy/nginx/sewa.conf` with only its ports changed. Each answer names the app server
 * that gave it (`X-Upstream`), so a test can tell that requests really went to both.
 */
export async function startNginx(appPorts: number[]): Promise<Nginx> {
  if (!nginxPath) throw new Error('nginx is missing: run scripts/install-system-deps.sh');
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'sewa-nginx-'));
  // The worker processes run as another user and write their temporary files here.
  chmodSync(dir, 0o755);
  const servers = appPorts
    .map((appPort) => `    server 127.0.0.1:${appPort} max_fails=1 fail_timeout=10s;`)
    .join('\n');
  const site = readFileSync(shippedSite, 'utf8')
    .replace(/( {4}server 127\.0\.0\.1:\d+[^\n]*\n)+/, `${servers}\n`)
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`);
  writeFileSync(path.join(dir, 'sewa.conf'), site);
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  add_header X-Upstream $upstream_addr always;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/sewa.conf;
}
`,
  );
  const checked = spawnSync(
    nginxPath,
    ['-t', '-p', dir, '-c', `${dir}/nginx.conf`, '-e', `${dir}/error.log`],
    {
      encoding: 'utf8',
    },
  );
  if (checked.status !== 0) throw new Error(`nginx refused its configuration: ${checked.stderr}`);
  const child: ChildProcess = spawn(
    nginxPath,
    ['-p', dir, '-c', `${dir}/nginx.conf`, '-e', `${dir}/error.log`],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  /**
   * Fast shutdown (SIGTERM): nginx closes every connection and exits. A graceful one
   * (SIGQUIT) waits for each open request to end, and a push stream nginx still held would
   * keep it waiting up to `proxy_read_timeout` (an hour).
   */
  const stop = async () => {
    if (running()) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  try {
    for (;;) {
      if (!running()) {
        throw new Error(`nginx stopped during start: ${readFileSync(`${dir}/error.log`, 'utf8')}`);
      }
      // Each try is bounded, so a server that takes the connection and never answers cannot
      // hold the start past its deadline.
      const up = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) })
        .then((response) => response.ok)
        .catch(() => false);
      if (up) break;
      if (Date.now() > deadline) throw new Error('nginx did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    // Nothing is left behind by a start that failed: no nginx on the port, no folder.
    await stop();
    throw error;
  }
  return { url, stop };
}
