import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { ModuleInfo } from 'rollup';
import { defineConfig, type Plugin, version as viteVersion } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

// The API serves apps/web/dist on the same origin; in development Vite proxies to it instead. `npm run dev`
// (scripts/dev.mjs) runs both; DEV_API_PORT and DEV_WEB_PORT move them (default 8000 and 5173).
const apiServer = `http://127.0.0.1:${process.env.DEV_API_PORT || 8000}`;
const devPort = Number(process.env.DEV_WEB_PORT || 5173);
// http-proxy passes answers on as they arrive: the server-sent event streams under /api are not buffered.
const toApi = { target: apiServer, changeOrigin: false };

const require = createRequire(import.meta.url);

/**
 * @vitejs/plugin-react imports `vite` itself and chooses its way by that copy's version: Rolldown's native
 * refresh plugin for vite 8, Babel's React Refresh for vite 7. With a second vite in node_modules (vitest's
 * vite 8, hoisted, beside this app's vite 7) it handed vite 7 a vite 8 plugin, and the dev server answered
 * 500 "Missing field `moduleType`" for src/main.tsx. The root package.json keeps one vite in the tree
 * (`overrides`); should two come back, this says so instead.
 */
function assertOneVite(): void {
  const reactsVite = createRequire(require.resolve('@vitejs/plugin-react')).resolve('vite/package.json');
  const { version } = JSON.parse(fs.readFileSync(reactsVite, 'utf8')) as { version: string };
  if (version !== viteVersion)
    throw new Error(
      `@vitejs/plugin-react sees vite ${version} (${reactsVite}) but vite ${viteVersion} runs this config: ` +
        'one vite must be installed (see "overrides" in the root package.json), then npm install',
    );
}

/**
 * Mantine's styles per component, each with the code that uses it (decision 0022). Every Mantine
 * component reads its class names from one `X.module.css.mjs` module, and `@mantine/core/styles/X.css`
 * holds the rules for exactly those classes; so each such module is made to import its stylesheet.
 * Vite then puts the rules in the CSS of whichever chunk carries the component: /login's render-blocking
 * stylesheet has only what /login draws, and a lazy screen's rules arrive with its code (Vite loads a
 * chunk's CSS before running it). A component's module imports the components it is built from before
 * its own class names, so their rules come first, the order Mantine's docs require.
 * `src/main.tsx` imports the three global files (baseline, default variables, global) itself.
 */
export function mantineComponentCss(): Plugin {
  const classModule =
    /[\\/]@mantine[\\/](core|notifications|dates)[\\/]esm[\\/](?:.*[\\/])?([A-Za-z]+)\.module\.css\.mjs$/;
  const stylesheetOf = (id: string): string | null => {
    const match = classModule.exec(id);
    if (!match) return null;
    const [, pkg, name] = match;
    // Only core ships a stylesheet per component; notifications and dates ship one each (3 kB gzip).
    return pkg === 'core' ? `@mantine/core/styles/${name}.css` : `@mantine/${pkg}/styles.css`;
  };
  const wholeSheets = [
    '@mantine/core/styles.css',
    '@mantine/notifications/styles.css',
    '@mantine/dates/styles.css',
  ];
  // Every class Mantine styles (from the full stylesheets), to check the build against.
  const styledClasses = () => {
    const css = wholeSheets.map((sheet) => fs.readFileSync(require.resolve(sheet), 'utf8')).join('\n');
    return new Set(css.match(/m_[0-9a-f]{6,8}/g));
  };
  // The dev server hands Mantine to the browser pre-bundled (optimizeDeps), out of this plugin's reach:
  // there main.tsx imports Mantine's whole stylesheets instead, which hold every component's rules.
  let devEntry: string | null = null;
  return {
    name: 'mantine-component-css',
    enforce: 'pre',
    configResolved(config) {
      devEntry = config.command === 'serve' ? path.join(config.root, 'src', 'main.tsx') : null;
    },
    transform(code, id) {
      if (id === devEntry) {
        // On the first line, which is a comment: the module's lines (and its source map) stay as they are.
        return {
          code: `${wholeSheets.map((s) => `import ${JSON.stringify(s)};`).join('')}${code}`,
          map: null,
        };
      }
      const sheet = stylesheetOf(id);
      if (!sheet) return null;
      try {
        require.resolve(sheet);
      } catch {
        this.error(`no stylesheet ${sheet} for ${id}`);
      }
      return { code: `import ${JSON.stringify(sheet)};\n${code}`, map: null };
    },
    // A Mantine class name in the built JavaScript whose rules are in no built stylesheet would be an
    // unstyled control: fail the build instead.
    generateBundle(_options, bundle) {
      const styled = styledClasses();
      const used = new Set<string>();
      const shipped = new Set<string>();
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') for (const c of file.code.match(/m_[0-9a-f]{6,8}/g) ?? []) used.add(c);
        else if (file.fileName.endsWith('.css'))
          for (const c of String(file.source).match(/m_[0-9a-f]{6,8}/g) ?? []) shipped.add(c);
      }
      const missing = [...used].filter((c) => styled.has(c) && !shipped.has(c));
      if (missing.length > 0) this.error(`Mantine classes used but not styled: ${missing.join(', ')}`);
    },
  };
}

/** What a module imports statically: each source with the names it takes (null: all of them). */
type StaticImport = { source: string; names: string[] | null };
/** How a module that only re-exports (a package's index) forwards one of its names. */
type ReExport = { source: string; name: string };
type Parsed = { imports: StaticImport[]; barrel: { named: Map<string, ReExport>; all: string[] } | null };

// The few ESTree shapes read below (Rollup hands the plugin its parsed AST).
type Named = { type: string; name?: string; value?: unknown };
type Statement = {
  type: string;
  directive?: string;
  declaration?: unknown;
  source?: { value: unknown } | null;
  specifiers?: { type: string; imported?: Named; local?: Named; exported?: Named }[];
};
const nameOf = (node: Named | undefined): string => String(node?.name ?? node?.value);

function parseStatements(body: Statement[]): Parsed {
  const imports: StaticImport[] = [];
  const named = new Map<string, ReExport>();
  const all: string[] = [];
  const importedAs = new Map<string, ReExport>();
  let onlyReExports = true;
  for (const node of body) {
    const source = node.source ? String(node.source.value) : null;
    const specifiers = node.specifiers ?? [];
    if (node.type === 'ImportDeclaration' && source) {
      const names = specifiers.map((s) =>
        s.type === 'ImportDefaultSpecifier'
          ? 'default'
          : s.type === 'ImportSpecifier'
            ? nameOf(s.imported)
            : '*',
      );
      imports.push({ source, names: names.includes('*') ? null : names });
      specifiers.forEach((s, i) => {
        importedAs.set(nameOf(s.local), { source, name: names[i] as string });
      });
    } else if (node.type === 'ExportNamedDeclaration' && source) {
      imports.push({ source, names: specifiers.map((s) => nameOf(s.local)) });
      for (const s of specifiers) named.set(nameOf(s.exported), { source, name: nameOf(s.local) });
    } else if (node.type === 'ExportNamedDeclaration' && !node.declaration) {
      // `import { a } from './a'; export { a as b };`, as bundled packages write their index.
      for (const s of specifiers) {
        const origin = importedAs.get(nameOf(s.local));
        if (origin) named.set(nameOf(s.exported), origin);
        else onlyReExports = false;
      }
    } else if (node.type === 'ExportAllDeclaration' && source) {
      imports.push({ source, names: null });
      all.push(source);
    } else if (!(node.type === 'ExpressionStatement' && node.directive)) {
      onlyReExports = false;
    }
  }
  return { imports, barrel: onlyReExports ? { named, all } : null };
}

const isZod = (id: string) => /[\\/]node_modules[\\/]zod[\\/]/.test(id);
/** The shared schemas; each screen's chunks carry only the modules it imports (their `sideEffects`). */
const isContracts = (id: string) => /[\\/]packages[\\/]contracts[\\/]src[\\/]/.test(id);

/** The module that starts the app: main.tsx imports it, index.html preloads it (appPreload). */
const APP_START = 'src/app/start.tsx';
/**
 * The app's code in three chunks that main.tsx imports side by side, so that each runs in a task of its
 * own, in this order (decision 0022, fourth pass): `react` (React, ReactDOM, the scheduler and Rollup's CommonJS helpers they
 * use), then `vendor` (the other libraries /login runs: Mantine, the router, TanStack Query, the icons,
 * with the theme, the module main.tsx imports to run it), then `app` (our code). As one chunk, its
 * evaluation was one 45-50 ms task, which Lighthouse's 4x CPU counted as ~140 ms of blocking time.
 */
const APP_THEME = 'src/app/theme.ts';
const isReactCore = (id: string) => /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id);
const isLibrary = (id: string) => /[\\/]node_modules[\\/]/.test(id);
/** The suffix of an administration area's name (routeChunks' `areaOf`). */
const ADMIN_AREA = '-admin';
const isAdminArea = (area: string) => area.endsWith(ADMIN_AREA);
/** Below this much source, code that a few features share goes with `shared` rather than alone. */
const OWN_CHUNK_MIN_BYTES = 20_000;
/** Below this much source, schemas that a few features share go with zod in `contracts`. */
const OWN_SCHEMA_CHUNK_MIN_BYTES = 4_000;

/**
 * Fewer, larger chunks for the signed-in screens (decision 0022). Rollup's own split gives every set of
 * screens that shares a module a chunk of its own, so /cashflow/session fetched some 50 small files, and
 * over HTTP/1.1 (six connections) each costs a phone a round trip. This names the chunks instead:
 *  - `app`: the app itself (React, the router, the providers, /login), as Rollup would have it;
 *  - `shell`: what the signed-in shell needs beyond that, and the module guard that every guarded screen
 *    renders inside it: it comes with any signed-in screen;
 *  - `shared`: what half the features or more use; `a-b`: what a few features share; a feature's name:
 *    what several of its screens share. What one screen alone uses stays in that screen's chunk, and code
 *    also loaded from outside the shell (the contracts, the toasts) stays where Rollup puts it.
 * The module graph is read through package indexes (`@mantine/core` re-exports every component) to the
 * modules whose names are actually imported, as Rollup itself does; otherwise every screen would seem to
 * use every component.
 */
export function routeChunks(): Plugin {
  const resolved = new Map<string, Map<string, string>>();
  const parsed = new Map<string, Parsed>();
  const src = (id: string) =>
    /[\\/]apps[\\/]web[\\/](src[\\/].*)$/.exec(id)?.[1]?.replaceAll('\\', '/') ?? null;
  /** Which group a lazily imported module's code belongs to: the shell, a feature, or none. */
  const areaOf = (dynamicEntry: string): string | null => {
    const file = src(dynamicEntry);
    if (!file) return null;
    if (
      [
        'src/app/shell/app-layout.tsx',
        'src/app/unknown-route.tsx',
        'src/components/module-guard.tsx',
      ].includes(file)
    )
      return 'shell';
    const feature = /^src\/features\/([^/]+)\//.exec(file)?.[1];
    if (!feature || feature === 'auth') return null;
    // A feature's administration screens (src/features/<name>/admin/) are an area of their own: the
    // few people who open them should not make everyone's screens load what those screens use.
    return file.startsWith(`src/features/${feature}/admin/`) ? `${feature}${ADMIN_AREA}` : feature;
  };

  let groups: Map<string, string> | null = null;
  const computeGroups = (info: (id: string) => ModuleInfo | null, ids: string[]) => {
    const target = (from: string, source: string) => resolved.get(from)?.get(source) ?? null;
    /** The module that really defines `name` when `barrel` (an index of re-exports) forwards it. */
    const definer = (barrel: string, name: string, depth = 0): string[] => {
      const b = parsed.get(barrel)?.barrel;
      if (!b || depth > 20) return [barrel];
      const direct = b.named.get(name);
      if (direct) {
        const next = target(barrel, direct.source);
        return next ? definer(next, direct.name, depth + 1) : [barrel];
      }
      for (const source of b.all) {
        const next = target(barrel, source);
        if (next && (info(next)?.exports ?? []).includes(name)) return definer(next, name, depth + 1);
      }
      return [barrel];
    };
    const depsCache = new Map<string, string[]>();
    /** The modules a module needs before it runs, through package indexes to the definers. */
    const deps = (id: string): string[] => {
      let result = depsCache.get(id);
      if (result) return result;
      const p = parsed.get(id);
      const found = new Set<string>();
      // A module that only re-exports (an index, or `lib/token-contracts.ts`) needs what it re-exports by
      // name, found like any import below, and whole modules only for `export *`. Taken whole, a lazily
      // imported one-line re-export of `TokenPair` made every contracts module look needed by sign-in, so
      // the stocks', forex's, diary's and audit's schemas went into the `contracts` chunk and were built
      // on every screen that loads it.
      if (!p) {
        for (const dep of info(id)?.importedIds ?? []) found.add(dep);
      } else {
        for (const { source, names } of p.imports) {
          const dep = target(id, source);
          if (!dep) continue;
          // An import for side effects only of a module that has none (`import '@mantine/hooks'`, as
          // Mantine's build writes them) brings nothing: Rollup drops it.
          if (names?.length === 0 && info(dep)?.moduleSideEffects === false) continue;
          const barrel = parsed.get(dep)?.barrel;
          if (!barrel || names === null || names.length === 0) {
            found.add(dep);
            continue;
          }
          for (const name of names) for (const d of definer(dep, name)) found.add(d);
          // What the index imports for its side effects only comes along with any of its names.
          for (const i of parsed.get(dep)?.imports ?? []) {
            const sideEffect = i.names?.length === 0 ? target(dep, i.source) : null;
            if (sideEffect) found.add(sideEffect);
          }
        }
      }
      result = [...found].filter((d) => !info(d)?.isExternal);
      depsCache.set(id, result);
      return result;
    };
    const closure = (start: string, stop?: Set<string>) => {
      const seen = new Set<string>();
      const todo = [start];
      for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
        if (seen.has(id) || stop?.has(id)) continue;
        seen.add(id);
        todo.push(...deps(id));
      }
      return seen;
    };
    const entryModules = new Set<string>();
    for (const id of ids) if (info(id)?.isEntry) for (const m of closure(id)) entryModules.add(m);
    const appStart = ids.find((id) => src(id) === APP_START);
    const app = appStart ? closure(appStart, entryModules) : new Set<string>();
    const initial = new Set([...entryModules, ...app]);
    const lazy = new Set<string>();
    for (const id of ids)
      if (info(id)?.isIncluded !== false)
        for (const d of info(id)?.dynamicallyImportedIds ?? []) if (!initial.has(d)) lazy.add(d);
    const owners = new Map<string, string[]>();
    const shell = new Set<string>();
    for (const d of lazy) {
      for (const m of closure(d, initial)) {
        const list = owners.get(m) ?? [];
        list.push(d);
        owners.set(m, list);
        if (areaOf(d) === 'shell') shell.add(m);
      }
    }
    // The everyday features: what half of them use goes to `shared` (administration areas count for none).
    const features = new Set(
      [...lazy].map(areaOf).filter((a) => a !== null && a !== 'shell' && !isAdminArea(a)),
    );
    const included = (m: string) => info(m)?.isIncluded === true;
    /** Which of the app's three chunks (APP_THEME) a module /login runs goes to. */
    const appChunkOf = (m: string): string => {
      // Rollup's own helpers (`\0commonjsHelpers.js`) go with React, the first chunk to run, which uses
      // them: in a later chunk they would make React's import that chunk, and run it first.
      if (isReactCore(m) || (m.startsWith('\0') && !isLibrary(m))) return 'react';
      return isLibrary(m) || src(m) === APP_THEME ? 'vendor' : 'app';
    };
    // The first script and the app that /login runs are named chunks too: left to Rollup, the modules
    // they share with the groups below would be split off into chunks of their own.
    groups = new Map([
      ...[...entryModules].filter(included).map((m): [string, string] => [m, 'index']),
      ...[...app].filter(included).map((m): [string, string] => [m, appChunkOf(m)]),
    ]);
    const fewFeatures = new Map<string, string[]>();
    const areasOfKey = new Map<string, string[]>();
    for (const [m, list] of owners) {
      // A lazily imported module keeps a chunk of its own, named after it in Vite's manifest.
      if (!included(m) || lazy.has(m)) continue;
      const areas = new Set(list.map(areaOf));
      // zod and the contracts that sign-in loads on demand (and the shell uses): one chunk, not the
      // handful of 1 KB chunks Rollup cuts them into (each a request before the screen can render).
      if (areas.has(null) && isContracts(m)) {
        groups.set(m, 'contracts');
        continue;
      }
      if (areas.has(null)) continue; // also loaded outside the shell: Rollup's own chunks
      // A feature's administration screens go with the feature when both use a module.
      for (const a of areas)
        if (a && isAdminArea(a) && areas.has(a.slice(0, -ADMIN_AREA.length))) areas.delete(a);
      const everyday = [...areas].filter((a) => a !== null && !isAdminArea(a));
      if (shell.has(m)) groups.set(m, 'shell');
      // Used by half the features or more: one chunk for all of them.
      else if (everyday.length >= features.size / 2) groups.set(m, 'shared');
      else if (areas.size > 1) {
        const sorted = [...areas].map(String).sort();
        const key = sorted.join('-');
        fewFeatures.set(key, [...(fewFeatures.get(key) ?? []), m]);
        areasOfKey.set(key, sorted);
      } else if (list.length > 1) groups.set(m, [...areas][0] as string);
    }
    // Used by a few features: a chunk for each such set when it is worth a request of its own (the
    // number input that CashFlow and the diary share). A set too small for that goes with the smallest
    // such chunk of a wider set of features (their screens load it anyway), else with `shared`: as
    // `shared` comes with every screen, a small set there made the dashboard load the others' code.
    const sizeOf = (modules: string[]) => modules.reduce((sum, m) => sum + (info(m)?.code?.length ?? 0), 0);
    const ownChunks = [...fewFeatures]
      .filter(([, modules]) => sizeOf(modules) >= OWN_CHUNK_MIN_BYTES)
      .sort(([, a], [, b]) => sizeOf(a) - sizeOf(b));
    const chunkFor = (key: string): string => {
      if (ownChunks.some(([k]) => k === key)) return key;
      const areas = areasOfKey.get(key) ?? [];
      const wider = ownChunks.find(([k]) => areas.every((a) => areasOfKey.get(k)?.includes(a)));
      return wider?.[0] ?? 'shared';
    };
    for (const [key, modules] of fewFeatures) {
      // Schemas are built when their chunk runs, so a few features' contracts never go to `shared`
      // (where every screen would build them, as the session did the diary's): a chunk of their own, or,
      // when a few small schemas are not worth a request, the `contracts` chunk beside zod.
      const schemaSize = sizeOf(modules.filter(isContracts));
      for (const m of modules) {
        if (isContracts(m)) groups.set(m, schemaSize >= OWN_SCHEMA_CHUNK_MIN_BYTES ? key : 'contracts');
        else groups.set(m, chunkFor(key));
      }
    }
  };

  return {
    name: 'route-chunks',
    enforce: 'pre',
    apply: 'build',
    buildStart() {
      groups = null;
      resolved.clear();
      parsed.clear();
    },
    resolveId: {
      order: 'pre',
      async handler(source, importer, options) {
        if (!importer) return null;
        const result = await this.resolve(source, importer, { ...options, skipSelf: true });
        if (result && !result.external) {
          const map = resolved.get(importer) ?? new Map<string, string>();
          map.set(source, result.id);
          resolved.set(importer, map);
        }
        return result;
      },
    },
    async moduleParsed(moduleInfo) {
      const body = (moduleInfo.ast as unknown as { body?: Statement[] } | null)?.body;
      if (!body) return;
      const result = parseStatements(body);
      parsed.set(moduleInfo.id, result);
      // Imports resolved before this plugin saw them (helpers other plugins add) are looked up here.
      const map = resolved.get(moduleInfo.id) ?? new Map<string, string>();
      resolved.set(moduleInfo.id, map);
      const missing = new Set(result.imports.map((i) => i.source).filter((source) => !map.has(source)));
      for (const source of missing) {
        const target = await this.resolve(source, moduleInfo.id);
        if (target && !target.external) map.set(source, target.id);
      }
    },
    outputOptions(options) {
      return {
        ...options,
        // Only the modules named here move; the rest keep Rollup's own split.
        onlyExplicitManualChunks: true,
        manualChunks(id, { getModuleInfo, getModuleIds }) {
          if (!groups) computeGroups(getModuleInfo, [...getModuleIds()]);
          // All of zod, whichever screen reached which part, beside the contracts (computeGroups).
          return groups?.get(id) ?? (isZod(id) ? 'contracts' : null);
        },
      };
    },
  };
}

/**
 * /login without an extra round trip: main.tsx is small and imports the app (APP_START) dynamically, so
 * that the screen's own chunks start downloading beside it (src/app/preload-screen.ts). index.html gets
 * the app's chunks as modulepreload links, as Vite does for an entry's static imports, so the browser
 * fetches them at once, as before. The stylesheets every page needs before its first paint (the global
 * ones and the app's, about 9 KB compressed) are written into index.html instead of linked: linked, each
 * blocked the first paint for a round trip of its own (the CSP allows inline styles: Mantine writes its
 * own). Vite's preloading of lazy chunks then skips them, as they are in the page already.
 */
export function appPreload(): Plugin {
  const inlined = new Set<string>();
  return {
    name: 'app-preload',
    enforce: 'pre',
    apply: 'build',
    generateBundle(_options, bundle) {
      inlined.clear();
      const chunks = Object.values(bundle).filter((f) => f.type === 'chunk');
      const start = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(APP_START)));
      if (!start) this.error(`no chunk holds ${APP_START}`);
      // A chunk's imports first: their stylesheets go before its own in the page (the app's CSS modules
      // after the `vendor` chunk's Mantine rules, which they override), as in one chunk's stylesheet.
      const visited = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = chunks.find((c) => c.fileName === fileName);
        if (!chunk || visited.has(fileName)) return;
        visited.add(fileName);
        for (const dep of chunk.imports) visit(dep);
        inlined.add(fileName);
        for (const sheet of chunk.viteMetadata?.importedCss ?? []) inlined.add(sheet);
      };
      for (const entry of chunks.filter((c) => c.isEntry)) visit(entry.fileName);
      visit(start.fileName);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((f) => f.type === 'chunk');
        const start = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(APP_START)));
        if (!start) throw new Error(`no chunk holds ${APP_START}`);
        const files: string[] = [];
        // In the order they run: each chunk after the chunks it imports (react, vendor, app).
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = chunks.find((c) => c.fileName === fileName);
          if (!chunk || seen.has(fileName) || chunk.isEntry || html.includes(fileName)) return;
          seen.add(fileName);
          for (const dep of chunk.imports) visit(dep);
          files.push(fileName);
        };
        visit(start.fileName);
        // A disabled stylesheet link is never fetched, but Vite's preloading of lazy chunks looks for
        // `link[rel="stylesheet"][href=…]` to tell a stylesheet is in the page: so it does not load it again.
        const marker = (file: string) => `<link rel="stylesheet" href="/${file}" disabled>`;
        const css = (file: string) => {
          const asset = bundle[file];
          return asset?.type === 'asset' ? String(asset.source) : null;
        };
        // The entry's stylesheet links (Vite's), then the app's, as <style> in the same order.
        let page = html;
        const linked = new Set<string>();
        page = page.replace(
          /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
          (tag, file: string) => {
            const text = inlined.has(file) ? css(file) : null;
            if (text === null) return tag;
            linked.add(file);
            return `<style>${text}</style>${marker(file)}`;
          },
        );
        const appCss = [...inlined].filter((f) => f.endsWith('.css') && !linked.has(f));
        const tags = [
          ...files.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...appCss.flatMap((file) => {
            const text = css(file);
            if (text === null) return [];
            return [
              { tag: 'style', children: text, injectTo: 'head' as const },
              {
                tag: 'link',
                attrs: { rel: 'stylesheet', href: `/${file}`, disabled: true },
                injectTo: 'head' as const,
              },
            ];
          }),
        ];
        return { html: page, tags };
      },
    },
  };
}

assertOneVite();

export default defineConfig({
  plugins: [
    mantineComponentCss(),
    routeChunks(),
    appPreload(),
    react(),
    // An offline-capable app shell: a service worker precaches the built app, so a CashFlow game at a
    // table with a poor connection keeps going after a reload (results wait as pending until sent).
    // API and media requests are never answered from the cache.
    VitePWA({
      registerType: 'autoUpdate',
      // A separate registerSW.js file, not an inline script: the CSP is script-src 'self'.
      injectRegister: 'script-defer',
      manifest: {
        name: 'Staff App',
        short_name: 'Staff',
        lang: 'vi',
        start_url: '/',
        display: 'standalone',
        theme_color: '#228be6',
        background_color: '#ffffff',
        icons: [{ src: '/media/logos/logo.png', sizes: '256x256', type: 'image/png', purpose: 'any' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/media\//],
        cleanupOutdatedCaches: true,
      },
    }),
    // Brotli and gzip copies next to each file, made once at build time; the API's static handler sends
    // the one the browser accepts (apps/api/src/http/static.ts), so nothing is compressed per request.
    compression({
      include: /\.(js|mjs|css|html|json|webmanifest|svg)$/,
      exclude: /\.map$/,
      algorithms: ['brotliCompress', 'gzip'],
    }),
  ],
  // `npm run dev` prints the API's output beside Vite's: Vite does not clear the terminal.
  clearScreen: false,
  server: {
    port: devPort,
    // Another dev server on the port is said, not walked around: the address printed stays the one asked for.
    strictPort: true,
    proxy: { '/api': toApi, '/media': toApi },
  },
  preview: {
    proxy: { '/api': toApi, '/media': toApi },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in the build: the app's source is not handed to every visitor (the API refuses
    // *.map as well, in case one is ever built; apps/api/src/http/static.ts). The dev server keeps its own.
    sourcemap: false,
    // dist/.vite/manifest.json: which chunk each route loads; bench/web-bench.mjs checks their sizes.
    manifest: true,
    rollupOptions: {
      // Chunks by route, grouped so that a screen is a handful of files (routeChunks above).
      onwarn(warning, warn) {
        // zod ships /* @__PURE__ */ comments Rollup cannot place; harmless and not ours to fix.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
    },
  },
});
