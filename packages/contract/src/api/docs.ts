import { type OperatorRole, OPERATOR_ROLES, PERMISSIONS, type Permission, ROLE_PERMISSIONS } from './access';
import type { RouteDef } from './define';

/**
 * The operator access tables of docs/operators.md, generated from the code: which role holds which permission,
 * and which permission each operator route needs. A test keeps the document equal to this.
 */
export function roleTable(): string {
  const head = `| permission | what it allows | ${OPERATOR_ROLES.join(' | ')} |`;
  const rule = `|---|---|${OPERATOR_ROLES.map(() => ':-:').join('|')}|`;
  const rows = (Object.keys(PERMISSIONS) as Permission[]).map(
    (p) =>
      `| \`${p}\` | ${PERMISSIONS[p]} | ${OPERATOR_ROLES.map((r: OperatorRole) => (ROLE_PERMISSIONS[r].includes(p) ? '✓' : '—')).join(' | ')} |`,
  );
  return [head, rule, ...rows].join('\n');
}

export function operatorRouteTable(routes: readonly RouteDef[]): string {
  const rows = routes
    .filter((r) => r.access.kind === 'operator')
    .map((r) => {
      const permission = r.access.kind === 'operator' ? r.access.permission : 'session';
      const roles = OPERATOR_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission));
      return `| \`${r.method} ${r.path}\` | \`${permission}\` | ${roles.join(', ')} |`;
    })
    .sort();
  return ['| route | permission | roles allowed |', '|---|---|---|', ...rows].join('\n');
}

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->`. */
export function replaceSection(document: string, name: string, body: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const i = document.indexOf(start);
  const j = document.indexOf(end);
  if (i < 0 || j < i) throw new Error(`section ${name} not found`);
  return `${document.slice(0, i + start.length)}\n${body}\n${document.slice(j)}`;
}
