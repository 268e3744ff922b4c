import type { Permission } from '@bourse/contract';
import type { ReactNode } from 'react';
import { useCan } from '../lib/operator';

/** Shows its children only to an operator whose role holds the permission (the server refuses the rest anyway). */
export function Can({ permission, children }: { permission: Permission; children: ReactNode }) {
  return useCan(permission) ? children : null;
}
