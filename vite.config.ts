import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { buildSync } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Text assets worth compressing ahead; fonts and images are compressed already. */
const compressible = /\.(js|css)$/;

/**
 * Writes a Brotli (`.br`, at its highest quality) and a gzip (`.gz`) copy beside each hashed
 * script and style sheet of the build, which the server sends to browsers that accept them.
 * Compressed once at build time rather than on each request, Brotli can take its time: the
 * first screen's JavaScript comes out about a seventh smaller than on-the-fly gzip, which a
 * phone on a slow line feels. Only `assets/` is done: its files never change under a name.
 */
function precompressAssets(): Plugin {
  let assetsDir = '';
  return {
    name: 'sewa-precompress-assets',
    apply: 'build',
    configResolved(config) {
      assetsDir = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    closeBundle() {
      for (const name of readdirSync(assetsDir)) {
        if (!compressible.test(name)) continue;
        const file = path.join(assetsDir, name);
        const content = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}

/**
 * The service worker's push handlers (`web/src/features/notifications/service-worker/`),
 * built from TypeScript into one small script that the generated worker loads with
 * `importScripts`. Its name carries a hash of its content: the worker then changes with it,
 * so a new version is found like any other, and the script can be cached like any asset.
 */
function buildPushScript(): { fileName: string; code: string } {
  const result = buildSync({
    entryPoints: [
      fileURLToPath(
        new URL('./web/src/features/notifications/service-worker/sw-push.ts', import.meta.url),
      ),
    ],
    alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) },
    bundle: true,
    format: 'iife',
    target: 'es2020',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('The push handlers built to nothing');
  const { text: code } = output;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 10);
  return { fileName: `assets/sw-push-${hash}.js`, code };
}

const pushScript = buildPushScript();

/** Writes the push handlers' script into the build, where the worker's `importScripts` finds it. */
function emitPushScript(): Plugin {
  return {
    name: 'sewa-push-script',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: pushScript.fileName, source: pushScript.code });
    },
  };
}

/**
 * Writes the style sheet into the page as a `<style>` element instead of linking it. Linked, it
 * holds back the first paint by a round trip and the brand mark waits for it; in the page, the
 * mark is drawn as soon as the page has arrived, and the first screen has its styles with it.
 * The cost is about 9 KB (compressed) on each page load the service worker does not answer,
 * which the linked file, once cached, would not have had. The policy allows inline styles;
 * scripts still come only from files. The file stays in the build: the service worker keeps
 * it, and lazy chunks that name it load it after the first screen.
 */
function inlineStyleSheet(): Plugin {
  return {
    name: 'sewa-inline-style-sheet',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        return html.replace(
          /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
          (link, fileName: string) => {
            const asset = bundle?.[fileName];
            if (asset?.type !== 'asset') return link;
            const css = String(asset.source);
            if (/<\/style/i.test(css)) throw new Error(`${fileName} cannot go inside <style>`);
            return `<style>${css}</style>`;
          },
        );
      },
    },
  };
}

/** A group that takes exactly the modules named, and none of what they import. */
function namedModules(name: string, modules: readonly string[]) {
  return {
    name,
    test: (id: string) => modules.some((module) => id.replaceAll('\\', '/').endsWith(module)),
    minShareCount: 2,
    includeDependenciesRecursively: false,
  };
}

/** The modules of the `signed-in-parts` chunk (see `codeSplitting` below). */
const signedInParts = [
  'shared/medications.ts',
  'shared/messaging.ts',
  'shared/patient-record.ts',
  'shared/uploads.ts',
  'shared/vitals.ts',
  'web/src/lib/account-data.ts',
  'web/src/lib/caring-for.ts',
  'web/src/lib/outbox.ts',
  'web/src/lib/outbox-db.ts',
  'web/src/lib/refetch-after-write.ts',
  'web/src/lib/use-current-role.ts',
  'web/src/features/medications/api/mark-dose-taken.ts',
  'web/src/features/medications/api/medications-keys.ts',
  'web/src/features/messaging/api/get-messages.ts',
  'web/src/features/messaging/api/merge-messages.ts',
  'web/src/features/messaging/api/query-keys.ts',
  'web/src/features/messaging/api/send-message.ts',
  'web/src/features/messaging/push/push-connected.ts',
  'web/src/features/uploads/api/get-uploads.ts',
  'web/src/features/uploads/api/upload-photo.ts',
  'web/src/features/uploads/legacy-upload-queue.ts',
  'web/src/features/uploads/upload-id.ts',
  'web/src/features/uploads/upload-sync.ts',
  'web/src/features/vitals/api/get-vitals.ts',
  'web/src/features/vitals/api/record-vitals.ts',
  'web/src/features/vitals/api/vitals-keys.ts',
  '@tanstack/query-core/build/modern/hydration.js',
  'idb/build/index.js',
  'idb/build/wrap-idb-value.js',
];

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    {
      // In production the server writes this tag into the page; `npm run dev` does it here.
      name: 'app-mode-meta',
      apply: 'serve',
      transformIndexHtml: (html) =>
        html.replace(
          '</head>',
          `<meta name="app-mode" content="${process.env.APP_MODE === 'official' ? 'official' : 'dev'}"></head>`,
        ),
    },
    VitePWA({
      // `web/src/lib/service-worker.ts` registers it after the page has loaded and asks before
      // a new version takes over; `npm run dev` runs without one.
      injectRegister: false,
      registerType: 'prompt',
      // Two manifests in `web/public`, one per language; the page links the reader's.
      manifest: false,
      workbox: {
        // The shell, every page's JavaScript and the Devanagari font (woff2: every browser
        // with service workers reads it), so the app starts offline on any route in either
        // language. Not the .woff copies, the build manifest (a dot folder) or the icons.
        globPatterns: ['**/*.{js,css,html,woff2}', 'favicon.svg'],
        // A page is index.html from the cache; the API and the development outbox are the
        // server's, as is any path with an extension (a file), as the server decides.
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/(api|dev|fhir)(\/|\?|$)/, /^[^?]*\/[^/?]*\.[^/?]*(\?.*)?$/],
        // No runtime caching: API answers never go into the service worker's caches.
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        // The first visit's page is served by the worker as soon as it is ready, so a chunk
        // it has not loaded yet still comes when the connection drops. A new version still
        // waits for the reader's Reload (never `skipWaiting` on its own).
        clientsClaim: true,
        // One file, served uncached, instead of sw.js plus a Workbox runtime beside it.
        inlineWorkboxRuntime: true,
        sourcemap: false,
        // Shows push messages and opens their page when tapped (`buildPushScript`).
        importScripts: [`/${pushScript.fileName}`],
      },
    }),
    emitPushScript(),
    precompressAssets(),
    inlineStyleSheet(),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./web/src', import.meta.url)),
      '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
    },
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2020',
    sourcemap: false,
    reportCompressedSize: false,
    // Read by the bench to add up the JavaScript each route needs; dot folders are never served.
    manifest: true,
    rollupOptions: {
      output: {
        // Each file costs a slow phone a request, and left alone the bundler makes dozens of
        // 1-2 KB ones: code most chunks share goes in one, and so do the banners and badges
        // both shells draw, and the icons more than two chunks use (an icon two pages share,
        // such as the second factors' on Profile and Account, stays with them rather than in
        // the file every page, the sign-in page included, downloads).
        codeSplitting: {
          groups: [
            {
              name: 'common',
              minShareCount: 8,
              // Toasts are for screens after sign-in, the form library for the screens with a
              // form, and the dialogs' machinery for screens that open one: however many chunks
              // share them, the sign-in page must not pay for them (they get chunks of their
              // own below).
              test: /^(?!.*node_modules[\\/](sonner|react-hook-form|@hookform|@radix-ui[\\/](primitive|react-(context|id|presence|use-callback-ref|use-controllable-state|use-effect-event|use-layout-effect)))[\\/])/,
            },
            { name: 'toasts', test: /node_modules[\\/]sonner[\\/]/, minShareCount: 2 },
            {
              name: 'dialogs',
              test: /node_modules[\\/]@radix-ui[\\/](primitive|react-(context|id|presence|use-callback-ref|use-controllable-state|use-effect-event|use-layout-effect))[\\/]/,
              minShareCount: 2,
            },
            {
              name: 'forms',
              test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/,
              minShareCount: 2,
            },
            {
              name: 'shell-parts',
              test: /web[\\/]src[\\/](app[\\/]layouts[\\/]|components[\\/]layout[\\/]|features[\\/]device[\\/]|lib[\\/]device-settings\.ts)/,
              minShareCount: 2,
            },
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, minShareCount: 3 },
            // What the signed-in shell's outbox and account care reach (the queued writes, the
            // record's schemas and query keys): every signed-in page loads all of it at once,
            // so one file rather than a dozen small ones, each a round trip on a slow line.
            // Only these: a dependency the entry also uses stays with the entry.
            namedModules('signed-in-parts', signedInParts),
            // The home's and the appointment pages' appointment schemas, keys and error words;
            // the home's and the messages pages' conversation list and its push stream.
            namedModules('appointment-parts', [
              'shared/appointments.ts',
              'web/src/features/appointments/api/appointments-keys.ts',
              'web/src/features/appointments/appointment-errors.ts',
              'web/src/lib/use-now.ts',
            ]),
            namedModules('conversation-parts', [
              'web/src/features/messaging/api/get-conversations.ts',
              'web/src/features/messaging/conversation-title.ts',
              'web/src/features/messaging/push/push-connection.ts',
              'web/src/features/messaging/push/use-messaging-push.ts',
            ]),
            {
              // The visits schemas, query hooks, push stream and the active encounter the shell,
              // the homes and the visit page all use, in one file rather than one each.
              name: 'visit-parts',
              test: /(shared[\\/]visits\.ts|web[\\/]src[\\/](features[\\/]visits[\\/](api[\\/]|push[\\/]|visit-errors\.ts|use-active-encounter-sync\.ts)|lib[\\/]active-encounter\.ts))/,
              minShareCount: 2,
            },
            {
              // The text field, form messages and e-mail field the sign-in pages and the profile
              // form share, in one file rather than one each.
              name: 'form-parts',
              test: /web[\\/]src[\\/](components[\\/]ui[\\/](text-field|form-message)|features[\\/]auth[\\/]components[\\/]email-field)\.tsx$/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/fhir': apiTarget,
      '/dev/mail': apiTarget,
    },
  },
});
