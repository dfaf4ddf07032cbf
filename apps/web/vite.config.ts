import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin(), uiLocales()],
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/notify': { target: 'ws://127.0.0.1:3000', ws: true } } },
  build: { target: 'es2022', modulePreload: { polyfill: false } },
});
