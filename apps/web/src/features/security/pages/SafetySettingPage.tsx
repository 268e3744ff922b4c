import type { WithdrawLockReason } from '@bourse/contract';
import { List } from 'antd-mobile';
import {
  CheckShieldOutline,
  KeyOutline,
  LockOutline,
  MailOutline,
  PhonebookOutline,
  UserContactOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { ListSkeleton, QueryError } from '../../../components/BlockState';
import { StatusTag } from '../../../components/StatusTag';
import { useLocale } from '../../../hooks/useLocale';
import type { PageProps } from '../../../lib/feature';
import { formatDate } from '../../../lib/format';
import { useSecurityOverview } from '../api';
import { Notice } from '../components/Notice';
import { IDENTITY_TONE } from '../components/identityTone';
import { useSecurityT } from '../locales';
import { SECURITY_PATHS } from '../paths';
import '../security.css';

/** The notice while withdrawals are locked, by reason. */
const LOCK_MESSAGES: Record<
  WithdrawLockReason,
  | 'withdrawLocked'
  | 'withdrawLockedAddress'
  | 'withdrawLockedTwoFactor'
  | 'withdrawLockedContact'
  | 'withdrawLockedFundPassword'
> = {
  password: 'withdrawLocked',
  address: 'withdrawLockedAddress',
  twoFactor: 'withdrawLockedTwoFactor',
  contact: 'withdrawLockedContact',
  fundPassword: 'withdrawLockedFundPassword',
};

/** /pages/usreMei/safetySetting — every protection of the account, its state and the way to change it. */
export default function SafetySettingPage(_props: PageProps) {
  const t = useSecurityT();
  const locale = useLocale();
  const navigate = useNavigate();
  const overview = useSecurityOverview();

  if (overview.isPending) return <ListSkeleton rows={7} />;
  if (overview.isError) return <QueryError error={overview.error} onRetry={() => void overview.refetch()} />;
  const o = overview.data;

  // The login password is always there; the level counts what the user added on top of it.
  const extras = [o.fundPassword, o.twoFactor, o.identity === 'verified'].filter(Boolean).length;
  const level = extras === 3 ? 'High' : extras === 2 ? 'Medium' : 'Low';
  const go = (path: string) => () => void navigate(path);

  return (
    <div className="sec">
      <section className={`sec-level sec-level--${level.toLowerCase()}`} aria-label={t('levelLabel')}>
        <CheckShieldOutline className="sec-level__icon" />
        <div className="sec-level__body">
          <div className="sec-level__title">
            <span>{t('levelLabel')}</span>
            <strong className="sec-level__value">{t(`level${level}`)}</strong>
          </div>
          <div className="sec-level__meter" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <span key={i} className={`sec-level__bar${i < Math.max(extras, 1) ? ' sec-level__bar--on' : ''}`} />
            ))}
          </div>
          <div className="sec-level__hint">{extras === 3 ? t('levelDone') : t('levelHint')}</div>
        </div>
      </section>

      {o.withdrawLockedUntil !== null && (
        <Notice tone="warning">
          {t(LOCK_MESSAGES[o.withdrawLockReason ?? 'password'], {
            time: formatDate(o.withdrawLockedUntil, locale),
          })}
        </Notice>
      )}

      <List className="app-list sec-list" header={t('protections')}>
        <List.Item
          prefix={<LockOutline />}
          description={
            o.loginPasswordChangedAt === null
              ? t('loginPasswordNever')
              : t('loginPasswordDesc', { time: formatDate(o.loginPasswordChangedAt, locale) })
          }
          onClick={go(SECURITY_PATHS.password)}
        >
          {t('loginPassword')}
        </List.Item>
        <List.Item
          prefix={<KeyOutline />}
          description={t('fundPasswordDesc')}
          extra={<StatusTag tone={o.fundPassword ? 'ok' : 'bad'}>{o.fundPassword ? t('set') : t('notSet')}</StatusTag>}
          onClick={go(SECURITY_PATHS.fundPassword)}
        >
          {t('fundPassword')}
        </List.Item>
        <List.Item
          prefix={<CheckShieldOutline />}
          description={t('twoFactorDesc')}
          extra={<StatusTag tone={o.twoFactor ? 'ok' : 'bad'}>{o.twoFactor ? t('on') : t('off')}</StatusTag>}
          onClick={go(SECURITY_PATHS.google)}
        >
          {t('twoFactor')}
        </List.Item>
        <List.Item
          prefix={<UserContactOutline />}
          description={t('identityDesc')}
          extra={<StatusTag tone={IDENTITY_TONE[o.identity]}>{t(`state_${o.identity}`)}</StatusTag>}
          onClick={go(SECURITY_PATHS.identity)}
        >
          {t('identity')}
        </List.Item>
      </List>

      <List className="app-list sec-list" header={t('accountSection')}>
        <List.Item prefix={<MailOutline />} extra={o.email ?? t('notBound')} onClick={go(SECURITY_PATHS.manage)}>
          {t('email')}
        </List.Item>
        <List.Item prefix={<PhonebookOutline />} extra={o.phone ?? t('notBound')} onClick={go(SECURITY_PATHS.manage)}>
          {t('phone')}
        </List.Item>
        <List.Item
          prefix={<UserOutline />}
          extra={t('devicesCount', { count: o.activeSessions })}
          onClick={go(SECURITY_PATHS.manage)}
        >
          {t('devices')}
        </List.Item>
      </List>
    </div>
  );
}
