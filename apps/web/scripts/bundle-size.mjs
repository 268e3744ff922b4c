#!/usr/bin/env node
// What the first page costs: the entry chunk, every chunk it imports statically, the home page's lazy chunks (page and
// texts) and their static imports, and all their CSS — raw and gzip-compressed. Run after `npm run build -w @bourse/web`:
//   node apps/web/scripts/bundle-size.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
// Before the first render the shell fetches its texts and antd-mobile's in the active language (English here: the
// default), while the home route loads its page and the home feature's texts. Text chunks are named by vite.config.ts
// (`texts-en`, `home-texts-en`).
const byName = (name) => Object.keys(manifest).find((key) => manifest[key].name === name) ?? name;
const byPath = (end) => Object.keys(manifest).find((key) => key.endsWith(end)) ?? end;
const FIRST_PAGE = [
  'src/features/home/pages/HomePage.tsx',
  byName('texts-en'),
  byName('home-texts-en'),
  byPath('antd-mobile/es/locales/en-US.js'),
];

const files = new Set();
const visited = new Set();
function collect(key) {
  if (visited.has(key)) return;
  visited.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(imported);
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
collect(entry);
const shell = new Set(files);
for (const key of FIRST_PAGE) collect(key);

let rows = [];
for (const file of files) {
  const bytes = readFileSync(path.join(dist, file));
  rows.push({ file, raw: bytes.length, gzip: gzipSync(bytes).length, shell: shell.has(file) });
}
rows = rows.sort((a, b) => b.gzip - a.gzip);
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const sum = (list, field) => list.reduce((total, row) => total + row[field], 0);
for (const row of rows) {
  console.log(
    `${row.shell ? 'shell' : 'home '}  ${kb(row.gzip).padStart(9)} gzip  ${kb(row.raw).padStart(9)} raw  ${row.file}`,
  );
}
const js = rows.filter((r) => r.file.endsWith('.js'));
const css = rows.filter((r) => r.file.endsWith('.css'));
console.log(
  `\nFirst page (shell + home): ${kb(sum(rows, 'gzip'))} gzip (${kb(sum(js, 'gzip'))} JS + ${kb(sum(css, 'gzip'))} CSS), ${kb(sum(rows, 'raw'))} raw`,
);
