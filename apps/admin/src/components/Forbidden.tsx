import type { Permission } from '@bourse/contract';
import { Result } from 'antd';
import { useCommonT } from '../lib/locales';
import type en from '../lib/locales/en';

/** The `common` text saying what each permission lets an operator do (a new permission is a type error here). */
export const PERMISSION_TEXT = {
  session: 'perm_session',
  'dashboard.read': 'perm_dashboard_read',
  'users.read': 'perm_users_read',
  'users.manage': 'perm_users_manage',
  'identity.review': 'perm_identity_review',
  'withdrawals.review': 'perm_withdrawals_review',
  'deposits.manage': 'perm_deposits_manage',
  'assets.manage': 'perm_assets_manage',
  'ledger.read': 'perm_ledger_read',
  'ledger.adjust': 'perm_ledger_adjust',
  'markets.manage': 'perm_markets_manage',
  'products.manage': 'perm_products_manage',
  'content.manage': 'perm_content_manage',
  'support.chat': 'perm_support_chat',
  'c2c.arbitrate': 'perm_c2c_arbitrate',
  'chat.moderate': 'perm_chat_moderate',
  'audit.read': 'perm_audit_read',
  'operators.manage': 'perm_operators_manage',
} as const satisfies Record<Permission, keyof typeof en>;

/** A page the operator's role may not open: said plainly, with the permission it needs. */
export function Forbidden({ permission }: { permission: Permission }) {
  const t = useCommonT();
  return (
    <Result
      status="403"
      title={t('forbiddenTitle')}
      subTitle={t('forbiddenText', { permission, what: t(PERMISSION_TEXT[permission]) })}
    />
  );
}
