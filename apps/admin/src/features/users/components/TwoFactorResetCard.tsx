import type { TwoFactorReset } from '@bourse/contract';
import { Card, Descriptions, Flex, Typography } from 'antd';
import { StatusTag } from '../../../components/StatusTag';
import { Time } from '../../../components/Time';
import { useOperator } from '../../../lib/operator';
import { useTwoFactorResets } from '../api';
import { useUsersT } from '../locales';
import { DecideTwoFactorReset, ProposeTwoFactorReset } from './TwoFactorResetActions';

const TONE = { pending: 'attention', approved: 'success', rejected: 'neutral' } as const;

export function ResetStatus({ reset }: { reset: TwoFactorReset }) {
  const t = useUsersT();
  return <StatusTag tone={TONE[reset.status]}>{t(`reset_${reset.status}`)}</StatusTag>;
}

function operatorName(id: number | null, me: number | undefined, t: ReturnType<typeof useUsersT>): string {
  if (id === null) return '—';
  return id === me ? t('operatorYou') : t('operatorId', { id });
}

/**
 * The user's two-factor resets on their page: the open proposal with its decision (maker-checker), the last closed
 * one, or a way to propose one while two-factor is on.
 */
export function TwoFactorResetCard({ uid, twoFactor }: { uid: number; twoFactor: boolean }) {
  const t = useUsersT();
  const me = useOperator();
  const query = useTwoFactorResets({ uid, page: 1, size: 1 });
  const last = query.data?.list[0];
  if (!twoFactor && !last) return null;
  return (
    <Card
      size="small"
      title={t('resetCardTitle')}
      data-testid="reset-2fa-card"
      extra={twoFactor && last?.status !== 'pending' ? <ProposeTwoFactorReset uid={uid} /> : null}
    >
      {last ? (
        <Flex vertical gap={8}>
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                label: t('resetState'),
                children: (
                  <span data-testid="reset-2fa-status">
                    <ResetStatus reset={last} />
                  </span>
                ),
              },
              { label: t('resetReason'), children: last.reason },
              {
                label: t('resetProposedBy'),
                children: (
                  <span>
                    {operatorName(last.proposedBy, me?.id, t)} · <Time ms={last.proposedAt} />
                  </span>
                ),
              },
              ...(last.decidedBy !== null
                ? [
                    {
                      label: t('resetDecidedBy'),
                      children: (
                        <span>
                          {operatorName(last.decidedBy, me?.id, t)} · <Time ms={last.decidedAt} />
                          {last.note ? ` · ${last.note}` : ''}
                        </span>
                      ),
                    },
                  ]
                : []),
            ]}
          />
          {last.status === 'pending' ? (
            <Flex gap={8} align="center" wrap>
              <Typography.Text type="secondary">{t('resetAwaiting')}</Typography.Text>
              <DecideTwoFactorReset reset={last} />
            </Flex>
          ) : null}
        </Flex>
      ) : (
        <Typography.Text type="secondary">{t('resetNone')}</Typography.Text>
      )}
    </Card>
  );
}
