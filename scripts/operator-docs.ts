// Rewrites the generated tables of docs/operators.md from the code (roles, permissions, operator routes).
import { readFileSync, writeFileSync } from 'node:fs';
import { API_ROUTES, operatorRouteTable, replaceSection, roleTable } from '@bourse/contract';

const file = new URL('../docs/operators.md', import.meta.url);
let text = readFileSync(file, 'utf8');
text = replaceSection(text, 'roles', roleTable());
text = replaceSection(text, 'routes', operatorRouteTable(API_ROUTES));
writeFileSync(file, text);
console.log('docs/operators.md: tables regenerated');
