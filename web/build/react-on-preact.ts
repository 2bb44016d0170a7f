import { createRequire } from 'node:module';
import path from 'node:path';
import type { Alias, UserConfig } from 'vite';

/**
 * The app is written against React's API and runs on Preact's implementation of it, preact/compat
 * (docs/decisions/0047): react-dom alone was 60 KB of the 113-125 KB of JavaScript a page needed before it
 * could start; Preact is 10 KB. Every `react` and `react-dom` import, the app's and its libraries' (react-router,
 * TanStack Query, Testing Library), resolves here, in the build, the prerender and the tests alike.
 */
export const reactOnPreact: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
];

/**
 * JSX compiles to calls of `react/jsx-runtime` (so, by the aliases, Preact's), with Vite's own transform: the
 * build, the prerender and the tests need no plugin for it. In development Preact's fast refresh (prefresh)
 * keeps a component's state while its file is edited.
 */
export const jsxOnPreact = { runtime: 'automatic', importSource: 'react' } as const;

const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

/**
 * For the tests, which run under Node: there the libraries' package exports name their CommonJS builds, whose
 * `require('react')` no alias reaches (a second, real React would render beside Preact). These point at their
 * ES module builds instead, which import react and so meet the aliases above.
 */
export const esModuleBuildsForTests: Alias[] = [
  {
    find: /^@testing-library\/react$/,
    replacement: path.join(packageDir('@testing-library/react'), 'dist/@testing-library/react.esm.js'),
  },
  {
    find: /^react-router$/,
    replacement: path.join(packageDir('react-router'), 'dist/development/index.mjs'),
  },
];

/** The libraries vitest must pass through Vite (and so through the aliases) rather than load as they are. */
export const inlinedForTests = [/react-router/, /@tanstack/, /@testing-library/];

type LogHandler = NonNullable<NonNullable<UserConfig['build']>['rolldownOptions']>['onLog'];

/**
 * The build's log, less two expected notices: react-router looks React 19's useOptimistic up by name
 * (`React['useOptimistic']`) and falls back to its own when it is missing, as it is in Preact; TanStack Query
 * marks its modules "use client", which means nothing to an app without server components.
 */
export const withoutPreactNotices: LogHandler = (level, log, handler) => {
  if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
  if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('"use client"')) return;
  handler(level, log);
};
