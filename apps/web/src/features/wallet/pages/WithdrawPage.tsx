import {
  ERRORS,
  type ErrorKey,
  errorMessage,
  type ErrorParams,
  type WithdrawInfo,
  type WithdrawLockReason,
} from '@bourse/contract';
import { Button } from 'antd-mobile';
import { ExclamationCircleOutline, LockOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState, QueryError } from '../../../components/BlockState';
import { Form } from '../../../components/form/Form';
import { type SecurityCheck, SecurityCheckPopup } from '../../../components/SecurityCheckPopup';
import { TextField } from '../../../components/form/TextField';
import { StatusTag } from '../../../components/StatusTag';
import { useLocale } from '../../../hooks/useLocale';
import { useRequestId } from '../../../hooks/useRequestId';
import { ApiError } from '../../../lib/api';
import { readText } from '../../../lib/clipboard';
import type { PageProps } from '../../../lib/feature';
import { clearDrafts, useDraft } from '../../../lib/drafts';
import { truncateDecimal } from '../../../lib/decimalInput';
import { formatAmount, formatDate } from '../../../lib/format';
import { currentRoute } from '../../../lib/navigation';
import { useSettings } from '../../../lib/stores/settings';
import { toast } from '../../../lib/toast';
import { fromUnits, toUnits } from '../amount';
import { SECURITY_CHECK_ERRORS, useCoins, useWithdraw, useWithdrawals, useWithdrawInfo } from '../api';
import { AddressBookPopup } from '../components/AddressBookPopup';
import { Amount } from '../../../components/Amount';
import { AmountField } from '../components/AmountField';
import { CoinPageHead } from '../components/CoinPageHead';
import { NetworkSelector } from '../components/NetworkSelector';
import { RemarkField } from '../components/RemarkField';
import { movementStatus } from '../components/movementStatus';
import { useWalletT } from '../locales';
import { fundPasswordRoute, WALLET_PATHS, withQuery } from '../paths';
import '../wallet.css';

/** The banner while withdrawals are locked, by reason. */
const LOCK_MESSAGES: Record<
  WithdrawLockReason,
  'lockedPassword' | 'lockedAddress' | 'lockedTwoFactor' | 'lockedContact' | 'lockedFundPassword'
> = {
  password: 'lockedPassword',
  address: 'lockedAddress',
  twoFactor: 'lockedTwoFactor',
  contact: 'lockedContact',
  fundPassword: 'lockedFundPassword',
};

const AMOUNT_ERRORS: ReadonlySet<number> = new Set([
  ERRORS.AMOUNT_INVALID.code,
  ERRORS.AMOUNT_PRECISION.code,
  ERRORS.BELOW_MIN_WITHDRAWAL.code,
  ERRORS.ABOVE_MAX_WITHDRAWAL.code,
  ERRORS.INSUFFICIENT_BALANCE.code,
]);

interface Problem {
  key: ErrorKey;
  params?: ErrorParams;
}

/** The rules the server applies, checked before asking for the fund password (the server checks them again). */
function checkAmount(info: WithdrawInfo, scale: number, amount: string, asset: string): Problem | null {
  const units = toUnits(amount, scale);
  if (units === null || units === 0n) return { key: 'AMOUNT_INVALID' };
  const places = (amount.split('.')[1] ?? '').replace(/0+$/, '').length;
  if (places > info.withdrawPrecision) return { key: 'AMOUNT_PRECISION', params: { decimals: info.withdrawPrecision } };
  const min = toUnits(info.withdrawMin, scale) ?? 0n;
  if (units < min) return { key: 'BELOW_MIN_WITHDRAWAL', params: { min: info.withdrawMin, asset } };
  const max = info.withdrawMax === null ? null : toUnits(info.withdrawMax, scale);
  if (max !== null && units > max)
    return { key: 'ABOVE_MAX_WITHDRAWAL', params: { max: info.withdrawMax ?? '', asset } };
  const fee = toUnits(info.withdrawFee, scale) ?? 0n;
  if (units + fee > (toUnits(info.available, scale) ?? 0n)) return { key: 'INSUFFICIENT_BALANCE' };
  return null;
}

/** /pages/usreMei/withdraw?coin=&network= (R) — address, amount, fee and what arrives; fund password to submit. */
export default function WithdrawPage({ query }: PageProps) {
  const t = useWalletT();
  const navigate = useNavigate();
  const locale = useLocale();
  const lang = useSettings((s) => s.lang);
  const coins = useCoins();
  const asset = (query.coin ?? 'USDT').toUpperCase();
  const coin = coins.data?.find((c) => c.asset === asset);
  const networks = coin?.networks.filter((n) => n.withdrawEnabled) ?? [];
  const network = networks.find((n) => n.network === query.network) ?? networks[0];
  const info = useWithdrawInfo(asset, network?.network ?? '');
  const recent = useWithdrawals(asset);
  const withdraw = useWithdraw();
  const scale = coin?.scale ?? 8;
  const precision = coin?.displayPrecision ?? 8;

  // Kept while the app runs: the form is as it was after a detour (setting the fund password, the address book).
  const draft = `withdraw:${asset}:${network?.network ?? ''}`;
  const [address, setAddress] = useDraft(`${draft}:address`, '');
  const [amount, setAmount] = useDraft(`${draft}:amount`, '');
  const [remark, setRemark] = useDraft(`${draft}:remark`, '');
  const [errors, setErrors] = useState<{ address?: string; amount?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const [popupError, setPopupError] = useState<string>();
  const [bookOpen, setBookOpen] = useState(false);
  // One key per withdrawal the user means to make: a retry after a lost answer cannot withdraw twice.
  const request = useRequestId();

  const data = info.data;
  const amountUnits = toUnits(amount, scale);
  const feeUnits = data ? (toUnits(data.withdrawFee, scale) ?? 0n) : 0n;
  const lockedUntil = data?.lockedUntil ?? null;
  const locked = lockedUntil !== null;
  const message = (p: Problem) => errorMessage(p.key, lang, p.params);

  const replace = (next: Record<string, string>) => {
    setErrors({});
    void navigate(withQuery(WALLET_PATHS.withdraw, { coin: asset, network: network?.network, ...next }), {
      replace: true,
    });
  };

  const setFundPassword = () => void navigate(fundPasswordRoute(currentRoute()));

  const review = () => {
    if (!data) return;
    if (!data.fundPasswordSet) {
      setFundPassword();
      return;
    }
    const next: { address?: string; amount?: string } = {};
    if (address.trim() === '') next.address = t('enterAddress');
    const problem = amount === '' ? null : checkAmount(data, scale, amount, asset);
    if (amount === '') next.amount = t('missingAmount');
    else if (problem) next.amount = message(problem);
    setErrors(next);
    if (next.address || next.amount) return;
    setPopupError(undefined);
    setConfirming(true);
  };

  const submit = async ({ fundPassword = '', twoFactorCode }: SecurityCheck) => {
    if (!network) return;
    try {
      const result = await withdraw.mutateAsync({
        asset,
        network: network.network,
        address: address.trim(),
        amount,
        remark: remark.trim() || undefined,
        fundPassword,
        twoFactorCode,
        requestId: request.id,
      });
      setConfirming(false);
      request.settled();
      clearDrafts(draft);
      toast(t('withdrawSubmitted'), 'success');
      void navigate(withQuery(WALLET_PATHS.withdrawDetail, { id: result.id }));
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (SECURITY_CHECK_ERRORS.has(error.code)) {
        setPopupError(error.msg);
        return;
      }
      setConfirming(false);
      if (error.code === ERRORS.ALREADY_HANDLED.code) request.settled();
      // A rule about the address or the amount is shown at its field; anything else (a lock, a suspension) as a toast.
      if (error.code === ERRORS.WRONG_ADDRESS.code || error.code === ERRORS.WITHDRAW_OWN_ADDRESS.code) {
        setErrors({ address: error.msg });
      } else if (AMOUNT_ERRORS.has(error.code)) {
        setErrors({ amount: error.msg });
      } else {
        toast(error.msg);
      }
      void info.refetch();
    }
  };

  return (
    <div className="wallet wallet--form">
      <CoinPageHead kind="withdraw" asset={asset} coin={coin} coins={coins} />
      {network && (
        <NetworkSelector networks={networks} value={network.network} onChange={(n) => replace({ network: n })} />
      )}

      {data && !data.fundPasswordSet && (
        <div className="wallet-banner" role="note">
          <LockOutline />
          <div>
            <div>{t('fundPasswordMissing')}</div>
            <button type="button" className="wallet-link" onClick={setFundPassword}>
              {t('setFundPassword')}
            </button>
          </div>
        </div>
      )}
      {data && lockedUntil !== null && (
        <div className="wallet-banner wallet-banner--warn" role="note">
          <ExclamationCircleOutline />
          <div>
            {t(LOCK_MESSAGES[data.lockReason ?? 'password'], {
              time: formatDate(lockedUntil, locale),
            })}
          </div>
        </div>
      )}
      {info.isError && <QueryError error={info.error} onRetry={() => void info.refetch()} />}

      {network && (
        <Form onSubmit={review}>
          <TextField
            name="address"
            label={t('address')}
            placeholder={t('addressPlaceholder', { network: network.name })}
            value={address}
            onChange={(v) => {
              setAddress(v.trim());
              setErrors((e) => ({ ...e, address: undefined }));
            }}
            error={errors.address}
            autoComplete="off"
            extra={
              <>
                <button
                  type="button"
                  className="field__code-button"
                  onClick={() =>
                    void readText().then((text) => {
                      if (text) setAddress(text.trim());
                    })
                  }
                >
                  {t('paste')}
                </button>
                <button type="button" className="field__code-button" onClick={() => setBookOpen(true)}>
                  {t('addressBook')}
                </button>
              </>
            }
          />
          <AmountField
            label={t('amount')}
            value={amount}
            onChange={(v) => {
              setAmount(v);
              setErrors((e) => ({ ...e, amount: undefined }));
            }}
            decimals={network.withdrawPrecision}
            unit={asset}
            placeholder={
              data ? t('minimum', { min: formatAmount(data.withdrawMin, scale, locale, { trim: true }) }) : ''
            }
            error={errors.amount}
            fill={{
              label: t('max'),
              disabled: !data,
              onFill: () => {
                if (!data) return;
                const max = truncateDecimal(data.maxAmount, network.withdrawPrecision);
                setAmount(/[1-9]/.test(max) ? max : '');
                setErrors((e) => ({ ...e, amount: undefined }));
              },
            }}
            hint={
              <>
                {t('available')} <Amount value={data?.available ?? '0'} precision={precision} sensitive /> {asset}
              </>
            }
          />
          <RemarkField value={remark} onChange={setRemark} />

          <section className="rules">
            <div className="rules__row">
              <span>{t('networkFee')}</span>
              <span>
                <Amount value={data?.withdrawFee ?? '0'} precision={8} trim /> {asset}
              </span>
            </div>
            <div className="rules__row">
              <span>{t('receiveAmount')}</span>
              <span className="rules__strong">
                <Amount value={amountUnits === null ? '0' : fromUnits(amountUnits, scale)} precision={8} trim /> {asset}
              </span>
            </div>
            <div className="rules__row">
              <span>{t('totalDeducted')}</span>
              <span>
                <Amount
                  value={amountUnits === null ? '0' : fromUnits(amountUnits + feeUnits, scale)}
                  precision={8}
                  trim
                />{' '}
                {asset}
              </span>
            </div>
            <p className="rules__warning">
              <ExclamationCircleOutline />
              <span>
                {t('withdrawRules', {
                  min: formatAmount(data?.withdrawMin ?? network.withdrawMin, scale, locale, { trim: true }),
                  coin: asset,
                  n: network.withdrawConfirmations,
                })}
              </span>
            </p>
          </section>

          <Button
            className="wallet-submit"
            block
            color="primary"
            type="submit"
            disabled={!data || locked}
            loading={withdraw.isPending}
          >
            {data && !data.fundPasswordSet ? t('setFundPassword') : t('withdraw')}
          </Button>
        </Form>
      )}

      <section className="section-block">
        <h2 className="section-block__title">{t('recentWithdrawals')}</h2>
        {recent.data?.list.length === 0 && <EmptyState text={t('noWithdrawals')} />}
        {recent.data?.list.map((w) => (
          <button
            key={w.id}
            type="button"
            className="record-row record-row--button"
            data-testid="withdrawal-row"
            onClick={() => void navigate(withQuery(WALLET_PATHS.withdrawDetail, { id: w.id }))}
          >
            <div className="record-row__main">
              <span className="record-row__title">
                {w.asset} · {w.networkName}
              </span>
              <Amount className="record-row__amount fall" value={w.amount} precision={precision} sign="-" />
            </div>
            <div className="record-row__sub">
              <span>{formatDate(w.createdAt, locale)}</span>
              <StatusTag {...movementStatus(t, w.status)} />
            </div>
          </button>
        ))}
      </section>

      <SecurityCheckPopup
        visible={confirming}
        fundPassword
        twoFactor={data?.twoFactor ?? false}
        loading={withdraw.isPending}
        error={popupError}
        onConfirm={(check) => void submit(check)}
        onClose={() => setConfirming(false)}
        footer={{ label: t('forgotFundPassword'), onClick: setFundPassword }}
      />
      {network && (
        <AddressBookPopup
          visible={bookOpen}
          asset={asset}
          network={network.network}
          networkName={network.name}
          twoFactor={data?.twoFactor ?? false}
          onSelect={(a) => {
            setAddress(a);
            setErrors((e) => ({ ...e, address: undefined }));
          }}
          onClose={() => setBookOpen(false)}
        />
      )}
    </div>
  );
}
