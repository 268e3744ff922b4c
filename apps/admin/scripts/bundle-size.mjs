#!/usr/bin/env node
// What the console's first page costs, for each way in: the entry chunk with its static imports, the texts of one
// language, and then either the sign-in page (nobody signed in) or the shell with the dashboard and its cards (a
// signed-in reload) — raw and gzip-compressed. Run after `npm run build -w @bourse/admin`:
//   node apps/admin/scripts/bundle-size.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

function collect(keys) {
  const files = new Set();
  const visited = new Set();
  const visit = (key) => {
    if (visited.has(key)) return;
    visited.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/** The English texts chunk (every language file of English, one chunk). */
const englishTexts = Object.keys(manifest).filter((key) => /\/locales\/en\.ts$/.test(key));
const antdEnglish = Object.keys(manifest).filter((key) => key.includes('antd/es/locale/en_US'));
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
// main.tsx sets zod's no-eval switch, then imports the console (src/bootstrap.tsx) at once: both are the first page.
const start = [entry, 'src/bootstrap.tsx'];
const cards = Object.keys(manifest).filter((key) => /features\/[^/]+\/components\/[A-Za-z]*Card\.tsx$/.test(key));

const ways = {
  'sign-in (nobody signed in)': [...start, ...englishTexts, ...antdEnglish, 'src/features/auth/pages/SignInPage.tsx'],
  'dashboard (signed-in reload, admin: every card)': [
    ...start,
    ...englishTexts,
    ...antdEnglish,
    'src/app/Shell.tsx',
    'src/features/dashboard/pages/DashboardPage.tsx',
    ...cards,
  ],
};

const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
for (const [name, keys] of Object.entries(ways)) {
  const rows = [...collect(keys)].map((file) => {
    const bytes = readFileSync(path.join(dist, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 6 }).length };
  });
  rows.sort((a, b) => b.gzip - a.gzip);
  const sum = (list, field) => list.reduce((total, row) => total + row[field], 0);
  const js = rows.filter((r) => r.file.endsWith('.js'));
  const css = rows.filter((r) => r.file.endsWith('.css'));
  console.log(`\n${name}`);
  for (const row of rows.slice(0, 8))
    console.log(`  ${kb(row.gzip).padStart(9)} gzip  ${kb(row.raw).padStart(9)} raw  ${row.file}`);
  if (rows.length > 8) console.log(`  … ${rows.length - 8} more files`);
  console.log(
    `  total: ${kb(sum(rows, 'gzip'))} gzip (${kb(sum(js, 'gzip'))} JS + ${kb(sum(css, 'gzip'))} CSS), ${kb(sum(rows, 'raw'))} raw, ${rows.length} files`,
  );
}
