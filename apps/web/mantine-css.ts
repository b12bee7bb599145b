import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

// The class names of one component, imported by that component and only when it is used:
// `@mantine/core/esm/{components,utils}/.../<Name>.module.css.mjs`, whose stylesheet is
// `@mantine/core/styles/<Name>.css`; and the extensions' `@mantine/<pkg>/esm/<Name>.module.css.mjs`, whose
// stylesheet is the package's one `styles.css`.
const CORE_CLASSES = /^(.*\/@mantine\/core)\/esm\/(?:components|utils)\/.*\/([A-Za-z]+)\.module\.css\.mjs$/;
// Charts nest theirs a folder deeper (`esm/BarChart/BarChart.module.css.mjs`, `esm/grid-chart.module.css.mjs`).
const EXTENSION_CLASSES =
  /^(.*\/@mantine\/(?:spotlight|notifications|charts))\/esm\/(?:[A-Za-z]+\/)?[A-Za-z-]+\.module\.css\.mjs$/;
const CORE_STYLESHEET = /\/@mantine\/core\/styles\.css$/;
const EXTENSION_STYLESHEET = /^@mantine\/(?:spotlight|notifications|charts)\/styles\.css$/;
// What every page needs whatever components it shows, in the order Mantine's full stylesheet has them.
const CORE_BASE = ['baseline.css', 'default-css-variables.css', 'global.css'];
const NOTHING = '\0comanda:mantine-css-follows-components';

/**
 * Builds ship each Mantine component's CSS with the chunk that uses the component, instead of every
 * stylesheet up front: the app's import of `@mantine/core/styles.css` becomes its base (reset, variables,
 * global rules), its imports of the extensions' stylesheets become nothing, and each component's
 * class-name module imports its stylesheet. A component's own dependencies (Button → UnstyledButton,
 * Loader; Spotlight → Input) are imported before its class names, so their CSS comes first: the order
 * Mantine documents for per-component imports, and what lets Spotlight's rules override Input's. The dev
 * server keeps the app's full stylesheet imports.
 */
export function mantineCssPerComponent(): Plugin {
  return {
    name: 'comanda:mantine-css-per-component',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (EXTENSION_STYLESHEET.test(source) && importer && !importer.includes('/node_modules/'))
        return NOTHING;
      return null;
    },
    load(id) {
      if (id === NOTHING) return 'export {};';
      if (!CORE_STYLESHEET.test(id)) return null;
      const dir = path.join(path.dirname(id), 'styles');
      return CORE_BASE.map((file) => fs.readFileSync(path.join(dir, file), 'utf8')).join('\n');
    },
    transform(code, id) {
      const core = CORE_CLASSES.exec(id);
      const extension = EXTENSION_CLASSES.exec(id);
      const stylesheet = core
        ? path.join(core[1] ?? '', 'styles', `${core[2] ?? ''}.css`)
        : extension
          ? path.join(extension[1] ?? '', 'styles.css')
          : undefined;
      if (!stylesheet || !fs.existsSync(stylesheet)) return null;
      return { code: `import ${JSON.stringify(stylesheet)};\n${code}`, map: null };
    },
  };
}
