// `npm run dev`: the API server restarts on change, Vite serves the web app with hot reload
// on PORT and forwards /api to the server on PORT + 1.
import { spawn } from 'node:child_process';

const port = Number(process.env.PORT ?? 3000);
const apiPort = port + 1;
const children = [
  spawn('npx', ['tsx', 'watch', 'server/src/main.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(apiPort),
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
    },
  }),
  spawn('npx', ['vite', '--port', String(port), '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: String(apiPort) },
  }),
];

const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) =>
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
