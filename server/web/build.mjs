// SPDX-License-Identifier: GPL-3.0-or-later
// Builds the shop: bundles src/main.ts and src/styles.css with esbuild into content-hashed
// assets, writes index.html naming them, and a .gz beside every asset (the server sends it when
// the browser accepts gzip). Run by CMake:
//   node build.mjs <source dir> <node_modules dir> <output dir>
import { createRequire } from 'node:module';
import { gzipSync, constants } from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';

const [sourceDir, modulesDir, outDir] = process.argv.slice(2);
if (!sourceDir || !modulesDir || !outDir) {
  console.error('usage: node build.mjs <source dir> <node_modules dir> <output dir>');
  process.exit(2);
}
// node_modules lives in the build tree, not beside this file.
const require = createRequire(path.join(path.resolve(modulesDir), 'noop.js'));
const esbuild = require('esbuild');

const assets = path.join(outDir, 'assets');
fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(assets, { recursive: true });

const result = await esbuild.build({
  entryPoints: {
    main: path.join(sourceDir, 'src/main.ts'),
    styles: path.join(sourceDir, 'src/styles.css'),
  },
  bundle: true,
  // BOXOFFICE_WEB_NO_MINIFY=1: readable function names in a browser profile (by hand only).
  minify: !process.env.BOXOFFICE_WEB_NO_MINIFY,
  format: 'esm',
  target: ['chrome110', 'firefox110', 'safari16'],
  outdir: assets,
  entryNames: '[name]-[hash]',
  chunkNames: '[name]-[hash]',
  splitting: true,
  metafile: true,
  legalComments: 'none',
  nodePaths: [path.resolve(modulesDir)],
  logLevel: 'warning',
});

const outputs = Object.entries(result.metafile.outputs);
const named = (entry) =>
  path.basename(outputs.find(([, meta]) => meta.entryPoint?.endsWith(entry))[0]);
const script = named('src/main.ts');
const style = named('src/styles.css');

const template = fs.readFileSync(path.join(sourceDir, 'index.html'), 'utf8');
const html = template
  .replace('%STYLE%', `/assets/${style}`)
  .replace('%SCRIPT%', `/assets/${script}`);
fs.writeFileSync(path.join(outDir, 'index.html'), html);

const compress = (file) => {
  const data = fs.readFileSync(file);
  fs.writeFileSync(`${file}.gz`, gzipSync(data, { level: constants.Z_BEST_COMPRESSION }));
};
compress(path.join(outDir, 'index.html'));
for (const name of fs.readdirSync(assets)) {
  if (!name.endsWith('.gz')) compress(path.join(assets, name));
}
const size = (name) => fs.statSync(path.join(assets, `${name}.gz`)).size;
console.log(
  `web: index.html, ${script} (${size(script)} B gzip), ${style} (${size(style)} B gzip)`,
);
