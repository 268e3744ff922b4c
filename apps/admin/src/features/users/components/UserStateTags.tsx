import type { UserAdminSummary } from '@bourse/contract';
import { Flex } from 'antd';
import { IdentityTag } from '../../../components/DomainTags';
import { StatusTag } from '../../../components/StatusTag';
import { useCommonT } from '../../../lib/locales';
import { useUsersT } from '../locales';

/** A user's state at a glance: frozen, disabled, verification, two-factor. */
export function UserStateTags({ user }: { user: UserAdminSummary }) {
  const t = useUsersT();
  const common = useCommonT();
  return (
    <Flex gap={4} wrap>
      {user.frozen ? <StatusTag tone="danger">{common('frozen')}</StatusTag> : null}
      {user.status === 'disabled' ? <StatusTag tone="danger">{common('disabled')}</StatusTag> : null}
      <IdentityTag state={user.identity} />
      {user.twoFactor ? <StatusTag tone="success">{t('twoFactorOn')}</StatusTag> : null}
    </Flex>
  );
}
