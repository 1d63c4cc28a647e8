// The registry this project is developed against serves only this platform's native
// binaries, so `npm install` leaves the other platforms' optional packages out of
// package-lock.json and `npm ci` then refuses the lock. This adds each missing optional
// package as a platform-bound entry, as npm itself writes them, so `npm ci` passes here and
// installs the right binary elsewhere. Run it after changing dependencies.
import { readFileSync, writeFileSync } from 'node:fs';

const lockFile = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
const packages = lock.packages;

const platformHints = [
  [/android/, { os: ['android'] }],
  [/darwin/, { os: ['darwin'] }],
  [/freebsd/, { os: ['freebsd'] }],
  [/openharmony/, { os: ['openharmony'] }],
  [/netbsd/, { os: ['netbsd'] }],
  [/openbsd/, { os: ['openbsd'] }],
  [/sunos/, { os: ['sunos'] }],
  [/aix/, { os: ['aix'] }],
  [/win32|windows/, { os: ['win32'] }],
  [/linux/, { os: ['linux'] }],
];
const cpuHints = [
  [/arm64|aarch64/, ['arm64']],
  [/arm(?!64)/, ['arm']],
  [/ia32|i386|-x86(?!_64)/, ['ia32']],
  [/x64|x86_64|amd64/, ['x64']],
  [/loong64/, ['loong64']],
  [/riscv64/, ['riscv64']],
  [/s390x/, ['s390x']],
  [/ppc64/, ['ppc64']],
  [/mips64el/, ['mips64el']],
  [/wasm32|wasi/, ['wasm32']],
];

function platformOf(name) {
  const entry = {};
  const os = platformHints.find(([pattern]) => pattern.test(name));
  if (os) Object.assign(entry, os[1]);
  const cpu = cpuHints.find(([pattern]) => pattern.test(name));
  if (cpu) entry.cpu = cpu[1];
  if (/musl/.test(name)) entry.libc = ['musl'];
  else if (/gnu/.test(name) && entry.os?.[0] === 'linux') entry.libc = ['glibc'];
  return entry;
}

let added = 0;
for (const [location, pkg] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(pkg.optionalDependencies ?? {})) {
    const base = location === '' ? '' : `${location}/`;
    const nested = `${base}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[nested] || packages[hoisted]) continue;
    packages[hoisted] = {
      version: range.replace(/^[\^~=]/, ''),
      ...(pkg.dev ? { dev: true } : {}),
      optional: true,
      ...platformOf(name),
    };
    added += 1;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(lockFile, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform packages added`);
