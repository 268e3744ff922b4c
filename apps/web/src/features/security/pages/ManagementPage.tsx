import { BindAccountBody, ChangeBoundBody, type LoginSession, SendCodeBody } from '@bourse/contract';
import { Button, Dialog, List, Popup } from 'antd-mobile';
import { MailOutline, PhonebookOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { ListSkeleton, QueryError } from '../../../components/BlockState';
import { CodeButton } from '../../../components/form/CodeButton';
import { Form } from '../../../components/form/Form';
import { TextField } from '../../../components/form/TextField';
import { StatusTag } from '../../../components/StatusTag';
import { useLocale } from '../../../hooks/useLocale';
import type { PageProps } from '../../../lib/feature';
import { formatDate } from '../../../lib/format';
import { useCommonT } from '../../../lib/locales';
import { useSettings } from '../../../lib/stores/settings';
import { toast } from '../../../lib/toast';
import { validate } from '../../../lib/validation';
import {
  useBindAccount,
  useChangeBound,
  useRevokeOtherSessions,
  useRevokeSession,
  useSecurityOverview,
  useSendCode,
  useSendSecurityCode,
  useSessions,
} from '../api';
import { CodeField } from '../components/CodeField';
import { LoginPasswordField } from '../components/LoginPasswordField';
import { Notice } from '../components/Notice';
import { useFormState } from '../../../hooks/useFormState';
import { useSecurityT } from '../locales';
import '../security.css';

type Kind = 'email' | 'phone';

/** The new email or phone: its keyboard, length and autofill follow the kind. */
function AddressField({
  kind,
  label,
  name,
  value,
  onChange,
  error,
}: {
  kind: Kind;
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
}) {
  const t = useSecurityT();
  const email = kind === 'email';
  return (
    <TextField
      name={name}
      label={label}
      placeholder={email ? t('newEmailPlaceholder') : t('newPhonePlaceholder')}
      value={value}
      onChange={onChange}
      error={error}
      type={email ? 'email' : 'tel'}
      inputMode={email ? 'email' : 'tel'}
      maxLength={email ? 254 : 11}
      autoComplete={email ? 'email' : 'tel'}
    />
  );
}

/**
 * Sends a code to the new address (scene `bind`), checking it first; the address field shows why it cannot. Gives
 * the seconds until another send, or null.
 */
function useSendToNewAddress(
  account: string,
  setErrors: (update: (errors: Record<string, string>) => Record<string, string>) => void,
): () => Promise<number | null> {
  const t = useSecurityT();
  const lang = useSettings((s) => s.lang);
  const sendCode = useSendCode();
  return async () => {
    const checked = validate(SendCodeBody, { account, scene: 'bind' }, lang);
    if (!checked.ok) {
      setErrors((e) => ({ ...e, account: checked.errors.account ?? '' }));
      return null;
    }
    try {
      const sent = await sendCode.mutateAsync(checked.data);
      toast(t('codeSent', { to: sent.sentTo }), 'success');
      return sent.resendAfter;
    } catch {
      return null;
    }
  };
}

/** Binds the address the account lacks: a code sent to it, the login password, two-factor when on. */
function BindForm({ kind, twoFactor, onDone }: { kind: Kind; twoFactor: boolean; onDone(): void }) {
  const t = useSecurityT();
  const lang = useSettings((s) => s.lang);
  const bind = useBindAccount();
  const { values, errors, setErrors, set, field } = useFormState({ account: '', code: '', password: '', totp: '' });

  const send = useSendToNewAddress(values.account, setErrors);

  const submit = async () => {
    const body = { ...values, totp: twoFactor ? values.totp : undefined };
    const checked = validate(BindAccountBody, body, lang);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    try {
      await bind.mutateAsync(checked.data);
      toast(t('bound'), 'success');
      onDone();
    } catch {
      // the client showed the server's message
    }
  };

  return (
    <Form className="form sec-sheet" onSubmit={submit}>
      <h2 className="sec-sheet__title">{kind === 'email' ? t('bindEmail') : t('bindPhone')}</h2>
      <Notice>{t('bindNotice')}</Notice>
      <AddressField kind={kind} label={kind === 'email' ? t('newEmail') : t('newPhone')} {...field('account')} />
      <TextField
        name="code"
        label={t('code')}
        placeholder={t('codePlaceholder')}
        value={values.code}
        onChange={(v) => set('code')(v.replace(/\D/g, '').slice(0, 6))}
        error={errors.code}
        inputMode="numeric"
        maxLength={6}
        autoComplete="one-time-code"
        extra={
          <CodeButton onSend={send} label={t('sendCode')} countdownLabel={(seconds) => t('resendIn', { seconds })} />
        }
      />
      <LoginPasswordField {...field('password')} />
      {twoFactor && <CodeField value={values.totp} onChange={set('totp')} error={errors.totp} />}
      <Button className="sec-submit" block color="primary" type="submit" loading={bind.isPending}>
        {t('bind')}
      </Button>
    </Form>
  );
}

/**
 * Replaces a bound address: a code sent to the current one, a code sent to the new one, the login password,
 * two-factor when on. Withdrawals then wait 24 hours and other devices are signed out (said before anything is sent).
 */
function ChangeForm({
  kind,
  current,
  twoFactor,
  onDone,
}: {
  kind: Kind;
  current: string;
  twoFactor: boolean;
  onDone(): void;
}) {
  const t = useSecurityT();
  const lang = useSettings((s) => s.lang);
  const sendCurrent = useSendSecurityCode(kind);
  const change = useChangeBound();
  const { values, errors, setErrors, set, field } = useFormState({
    currentCode: '',
    account: '',
    code: '',
    password: '',
    totp: '',
  });

  const sendToCurrent = async (): Promise<number | null> => {
    try {
      const sent = await sendCurrent.mutateAsync();
      toast(t('codeSent', { to: sent.sentTo }), 'success');
      return sent.resendAfter;
    } catch {
      return null;
    }
  };

  const sendToNew = useSendToNewAddress(values.account, setErrors);

  const submit = async () => {
    const body = { ...values, totp: twoFactor ? values.totp : undefined };
    const checked = validate(ChangeBoundBody, body, lang);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    try {
      await change.mutateAsync(checked.data);
      toast(t('changed'), 'success');
      onDone();
    } catch {
      // the client showed the server's message
    }
  };

  const codeInput = (key: 'currentCode' | 'code', label: string, onSend: () => Promise<number | null>) => (
    <TextField
      name={key}
      label={label}
      placeholder={t('codePlaceholder')}
      value={values[key]}
      onChange={(v) => set(key)(v.replace(/\D/g, '').slice(0, 6))}
      error={errors[key]}
      inputMode="numeric"
      maxLength={6}
      autoComplete="one-time-code"
      extra={
        <CodeButton onSend={onSend} label={t('sendCode')} countdownLabel={(seconds) => t('resendIn', { seconds })} />
      }
    />
  );

  return (
    <Form className="form sec-sheet" onSubmit={submit}>
      <h2 className="sec-sheet__title">{kind === 'email' ? t('changeEmail') : t('changePhone')}</h2>
      <Notice tone="warning">{t('changeNotice')}</Notice>
      {codeInput('currentCode', t('currentCode', { to: current }), sendToCurrent)}
      <AddressField
        kind={kind}
        label={kind === 'email' ? t('newEmailLabel') : t('newPhoneLabel')}
        {...field('account')}
      />
      {codeInput('code', t('newCode'), sendToNew)}
      <LoginPasswordField {...field('password')} />
      {twoFactor && <CodeField value={values.totp} onChange={set('totp')} error={errors.totp} />}
      <Button className="sec-submit" block color="danger" type="submit" loading={change.isPending}>
        {t('change')}
      </Button>
    </Form>
  );
}

function SessionRow({ session }: { session: LoginSession }) {
  const t = useSecurityT();
  const common = useCommonT();
  const locale = useLocale();
  const revoke = useRevokeSession();
  const name = session.device || t('unknownDevice');

  const signOut = async () => {
    const confirmed = await Dialog.confirm({
      content: t('signOutConfirm', { device: name }),
      confirmText: t('signOut'),
      cancelText: common('cancel'),
    });
    if (!confirmed) return;
    try {
      await revoke.mutateAsync(session.id);
      toast(t('signedOut'), 'success');
    } catch {
      // the client showed the server's message
    }
  };

  return (
    <li className="sec-device" data-current={session.current || undefined}>
      <div className="sec-device__head">
        <span className="sec-device__name">{name}</span>
        {session.current ? (
          <StatusTag tone="ok">{t('thisDevice')}</StatusTag>
        ) : (
          <Button size="mini" fill="outline" loading={revoke.isPending} onClick={() => void signOut()}>
            {t('signOut')}
          </Button>
        )}
      </div>
      <div className="sec-device__meta">
        {session.ip && <span className="num">{session.ip}</span>}
        <span>{t('lastActive', { time: formatDate(session.lastUsedAt, locale) })}</span>
        <span>{t('signedInAt', { time: formatDate(session.createdAt, locale) })}</span>
      </div>
    </li>
  );
}

/** /pages/usreMei/manage-ment — bound email and phone, login devices, signing out elsewhere. */
export default function ManagementPage(_props: PageProps) {
  const t = useSecurityT();
  const common = useCommonT();
  const overview = useSecurityOverview();
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const [binding, setBinding] = useState<Kind | null>(null);
  const [changing, setChanging] = useState<Kind | null>(null);

  if (overview.isPending || sessions.isPending) return <ListSkeleton rows={6} />;
  if (overview.isError) return <QueryError error={overview.error} onRetry={() => void overview.refetch()} />;
  if (sessions.isError) return <QueryError error={sessions.error} onRetry={() => void sessions.refetch()} />;
  const o = overview.data;
  const others = sessions.data.filter((s) => !s.current).length;

  const signOutOthers = async () => {
    const confirmed = await Dialog.confirm({
      content: t('signOutOthersConfirm'),
      confirmText: t('signOut'),
      cancelText: common('cancel'),
    });
    if (!confirmed) return;
    try {
      const { revoked } = await revokeOthers.mutateAsync();
      toast(t('signedOutOthers', { count: revoked }), 'success');
    } catch {
      // the client showed the server's message
    }
  };

  const address = (kind: Kind, value: string | null) =>
    value === null ? (
      <button type="button" className="sec-link" onClick={() => setBinding(kind)}>
        {t('bind')}
      </button>
    ) : (
      <span className="sec-bound">
        <span className="sec-bound__value">{value}</span>
        <button type="button" className="sec-link" data-change={kind} onClick={() => setChanging(kind)}>
          {t('change')}
        </button>
      </span>
    );

  return (
    <div className="sec">
      <List className="app-list sec-list" header={t('boundAccounts')}>
        <List.Item
          prefix={<MailOutline />}
          extra={address('email', o.email)}
          onClick={o.email === null ? () => setBinding('email') : () => setChanging('email')}
          // Bound: the "Change" link is the way on; no arrow beside it.
          arrowIcon={o.email === null ? undefined : false}
          className={o.email === null ? undefined : 'sec-list__bound'}
        >
          {t('email')}
        </List.Item>
        <List.Item
          prefix={<PhonebookOutline />}
          extra={address('phone', o.phone)}
          onClick={o.phone === null ? () => setBinding('phone') : () => setChanging('phone')}
          // Bound: the "Change" link is the way on; no arrow beside it.
          arrowIcon={o.phone === null ? undefined : false}
          className={o.phone === null ? undefined : 'sec-list__bound'}
        >
          {t('phone')}
        </List.Item>
      </List>

      <h3 className="sec-heading">{t('devices')}</h3>
      <ul className="sec-devices">
        {sessions.data.map((s) => (
          <SessionRow key={s.id} session={s} />
        ))}
      </ul>
      {others > 0 ? (
        <Button
          className="sec-submit"
          block
          fill="outline"
          color="danger"
          loading={revokeOthers.isPending}
          onClick={() => void signOutOthers()}
        >
          {t('signOutOthers')}
        </Button>
      ) : (
        <p className="sec-hint sec-hint--center">{t('noOtherDevices')}</p>
      )}

      <Popup
        visible={binding !== null}
        onMaskClick={() => setBinding(null)}
        onClose={() => setBinding(null)}
        bodyClassName="sec-popup"
        destroyOnClose
      >
        {binding && <BindForm kind={binding} twoFactor={o.twoFactor} onDone={() => setBinding(null)} />}
      </Popup>
      <Popup
        visible={changing !== null}
        onMaskClick={() => setChanging(null)}
        onClose={() => setChanging(null)}
        bodyClassName="sec-popup"
        destroyOnClose
      >
        {changing && (
          <ChangeForm
            kind={changing}
            current={(changing === 'email' ? o.email : o.phone) ?? ''}
            twoFactor={o.twoFactor}
            onDone={() => setChanging(null)}
          />
        )}
      </Popup>
    </div>
  );
}
