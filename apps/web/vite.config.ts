import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const require = createRequire(import.meta.url);
const LANGUAGES = ['en', 'de'] as const;

/** The ui's locales are fetched at /assets/locales/locale.{lang}.json, so the build carries them under that exact name. */
function uiLocales(): Plugin {
  const fileOf = (lang: string) => require.resolve(`@scorecast/ui/locales/locale.${lang}.json`);
  return {
    name: 'scorecast-ui-locales',
    generateBundle() {
      for (const lang of LANGUAGES) this.emitFile({ type: 'asset', fileName: `assets/locales/locale.${lang}.json`, source: readFileSync(fileOf(lang)) });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const match = /^\/assets\/locales\/locale\.(en|de)\.json$/.exec(request.url ?? '');
        if (!match) return next();
        response.setHeader('Content-Type', 'application/json');
        response.end(readFileSync(fileOf(match[1]!)));
      });
    },
  };
}

/**
 * The entry starts the app's code in steps (dynamic imports, each evaluated in a task of its own):
 * the page still asks for all of it at once, with a modulepreload of each step's chunks beside the
 * entry's own.
 */
function preloadStartSteps(): Plugin {
  let outDir = 'dist';
  return {
    name: 'scorecast-preload-start-steps',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((each) => (each.type === 'chunk' ? [[each.fileName, each] as const] : [])));
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) return;
      const preloaded = new Set([entry.fileName, ...entry.imports]);
      const steps: string[] = [];
      const visit = (fileName: string) => {
        if (preloaded.has(fileName)) return;
        preloaded.add(fileName);
        steps.push(fileName);
        chunks.get(fileName)?.imports.forEach(visit);
      };
      entry.dynamicImports.forEach(visit);
      const styles = steps.flatMap((fileName) => [...(chunks.get(fileName)?.viteMetadata?.importedCss ?? [])]);
      const html = join(outDir, 'index.html');
      const links = [
        ...styles.map((fileName) => `<link rel="stylesheet" crossorigin href="/${fileName}">`),
        ...steps.map((fileName) => `<link rel="modulepreload" crossorigin href="/${fileName}">`),
      ].join('\n    ');
      writeFileSync(html, readFileSync(html, 'utf8').replace('</head>', `  ${links}\n  </head>`));
    },
  };
}

/**
 * Writes a .br and a .gz next to every text file of the build, once, at build time: the server
 * sends them to browsers that accept them (@fastify/static `preCompressed`) without compressing per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
  return {
    name: 'scorecast-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const file of walk(outDir).filter((each) => /\.(?:js|css|html|json|svg|webmanifest)$/.test(each))) {
        const source = readFileSync(file);
        if (source.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }));
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin(), uiLocales(), preloadStartSteps(), precompress()],
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/notify': { target: 'ws://127.0.0.1:3000', ws: true } } },
  build: { target: 'es2022', modulePreload: { polyfill: false } },
});
