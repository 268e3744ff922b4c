import { ERRORS, errorMessage } from '@bourse/contract';
import { Button, Dialog } from 'antd-mobile';
import { CheckCircleOutline, ExclamationCircleOutline, LockOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { QueryError } from '../../../components/BlockState';
import { Form } from '../../../components/form/Form';
import { TextField } from '../../../components/form/TextField';
import { NavRight } from '../../../components/PageChrome';
import { ApiError } from '../../../lib/api';
import type { PageProps } from '../../../lib/feature';
import { useSettings } from '../../../lib/stores/settings';
import { toUnits } from '../amount';
import { availableOf, newRequestId, useBalances, useFlash, useFlashRecipient, useSecurityFlags } from '../api';
import { Amount } from '../components/Amount';
import { AmountField } from '../components/AmountField';
import { CoinPickerPopup } from '../components/CoinPickerPopup';
import { CoinRow } from '../components/CoinRow';
import { FundPasswordPopup } from '../components/FundPasswordPopup';
import { RemarkField } from '../components/RemarkField';
import { useWalletT } from '../locales';
import { WALLET_PATHS, withQuery } from '../paths';
import '../wallet.css';

const POPUP_ERRORS: ReadonlySet<number> = new Set([
  ERRORS.WRONG_FUND_PASSWORD.code,
  ERRORS.FUND_PASSWORD_FORMAT.code,
  ERRORS.TWO_FACTOR_REQUIRED.code,
  ERRORS.WRONG_TWO_FACTOR_CODE.code,
  ERRORS.TWO_FACTOR_FORMAT.code,
]);

/** A uid (8 digits), an email address or an 11-digit mobile number: worth looking up. */
function looksLikeRecipient(text: string): boolean {
  return /^\d{8}$/.test(text) || /^\d{11}$/.test(text) || /^[^@\s]+@[^@\s]+\.[^@\s]{2,}$/.test(text);
}

/** /pages/usreMei/flash?coin= — spot funds to another user at once, by uid, email or mobile number. */
export default function FlashPage({ query }: PageProps) {
  const t = useWalletT();
  const navigate = useNavigate();
  const lang = useSettings((s) => s.lang);
  const balances = useBalances();
  const security = useSecurityFlags();
  const flash = useFlash();
  const [to, setTo] = useState('');
  const [lookup, setLookup] = useState('');
  const [asset, setAsset] = useState((query.coin ?? 'USDT').toUpperCase());
  const [amount, setAmount] = useState('');
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<{ to?: string; amount?: string }>({});
  const [picking, setPicking] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [popupError, setPopupError] = useState<string>();
  const [requestId, setRequestId] = useState(newRequestId);
  const recipient = useFlashRecipient(lookup);

  // Look the recipient up once typing pauses, so the sender sees who will receive before confirming.
  useEffect(() => {
    const text = to.trim();
    const timer = setTimeout(() => setLookup(looksLikeRecipient(text) ? text : ''), 400);
    return () => clearTimeout(timer);
  }, [to]);

  const spotAssets = useMemo(
    () => balances.data?.wallets.find((w) => w.wallet === 'spot')?.assets ?? [],
    [balances.data],
  );
  const coin = spotAssets.find((a) => a.asset === asset);
  const scale = coin?.scale ?? 8;
  const available = availableOf(balances.data, 'spot', asset);
  const recipientError = recipient.error instanceof ApiError ? recipient.error.msg : undefined;

  const review = () => {
    const next: { to?: string; amount?: string } = {};
    if (!recipient.data || lookup !== to.trim()) next.to = recipientError ?? errorMessage('USER_NOT_FOUND', lang);
    const units = toUnits(amount, scale);
    if (units === null || units === 0n) next.amount = errorMessage('TRANSFER_AMOUNT_INVALID', lang);
    else if (units > (toUnits(available, scale) ?? 0n)) next.amount = errorMessage('INSUFFICIENT_BALANCE', lang);
    setErrors(next);
    if (next.to || next.amount) return;
    if (security.data && !security.data.fundPassword) {
      void navigate(WALLET_PATHS.fundPassword);
      return;
    }
    setPopupError(undefined);
    setConfirming(true);
  };

  const submit = async (fundPassword: string, twoFactorCode: string | undefined) => {
    try {
      const result = await flash.mutateAsync({
        to: to.trim(),
        asset,
        amount,
        remark: remark.trim() || undefined,
        fundPassword,
        twoFactorCode,
        requestId,
      });
      setConfirming(false);
      setRequestId(newRequestId());
      setAmount('');
      setRemark('');
      void Dialog.alert({
        title: t('flashSent'),
        content: t('flashSentText', { amount: result.amount, coin: result.asset, who: result.to.account }),
        confirmText: t('ok'),
      });
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (POPUP_ERRORS.has(error.code)) {
        setPopupError(error.msg);
        return;
      }
      setConfirming(false);
      if (error.code === ERRORS.USER_NOT_FOUND.code || error.code === ERRORS.FLASH_TO_SELF.code) {
        setErrors({ to: error.msg });
      } else setErrors({ amount: error.msg });
    }
  };

  return (
    <div className="wallet wallet--form">
      <NavRight>
        <button
          type="button"
          className="wallet-nav-link"
          onClick={() => void navigate(withQuery(WALLET_PATHS.records, { type: 'flash' }))}
        >
          {t('records')}
        </button>
      </NavRight>
      <p className="muted wallet-note">{t('flashIntro')}</p>
      {security.data && !security.data.fundPassword && (
        <div className="wallet-banner" role="note">
          <LockOutline />
          <div>
            <div>{t('fundPasswordMissingFlash')}</div>
            <button type="button" className="wallet-link" onClick={() => void navigate(WALLET_PATHS.fundPassword)}>
              {t('setFundPassword')}
            </button>
          </div>
        </div>
      )}
      {balances.isError && <QueryError error={balances.error} onRetry={() => void balances.refetch()} />}

      <Form onSubmit={review}>
        <TextField
          name="recipient"
          label={t('recipient')}
          placeholder={t('recipientPlaceholder')}
          value={to}
          onChange={(v) => {
            setTo(v);
            setErrors((e) => ({ ...e, to: undefined }));
          }}
          error={errors.to}
          autoComplete="off"
        />
        {lookup !== '' && recipient.data && lookup === to.trim() && (
          <div className="recipient-card" data-testid="recipient">
            <CheckCircleOutline />
            <span>
              {t('recipientFound', {
                who: recipient.data.nickname ?? recipient.data.account,
                account: recipient.data.account,
                uid: recipient.data.uid,
              })}
            </span>
          </div>
        )}
        {lookup !== '' && recipientError && lookup === to.trim() && !errors.to && (
          <div className="recipient-card recipient-card--bad">
            <ExclamationCircleOutline />
            <span>{recipientError}</span>
          </div>
        )}

        <CoinRow asset={asset} name={coin?.name} onClick={() => setPicking(true)} />

        <AmountField
          label={t('amount')}
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setErrors((e) => ({ ...e, amount: undefined }));
          }}
          decimals={scale}
          unit={asset}
          placeholder={t('enterAmount')}
          error={errors.amount}
          fill={{ label: t('all'), onFill: () => setAmount(available === '0' ? '' : available) }}
          hint={
            <>
              {t('availableSpot')} <Amount value={available} precision={coin?.displayPrecision ?? 8} /> {asset}
            </>
          }
        />
        <RemarkField value={remark} onChange={setRemark} />
        <p className="rules__warning">
          <ExclamationCircleOutline />
          <span>{t('flashWarning')}</span>
        </p>
        <Button className="wallet-submit" block color="primary" type="submit" loading={flash.isPending}>
          {security.data && !security.data.fundPassword ? t('setFundPassword') : t('sendNow')}
        </Button>
      </Form>

      <CoinPickerPopup
        visible={picking}
        coins={spotAssets.map((a) => ({
          asset: a.asset,
          name: a.name,
          available: a.available,
          displayPrecision: a.displayPrecision,
        }))}
        onSelect={(a) => {
          setAsset(a);
          setAmount('');
        }}
        onClose={() => setPicking(false)}
      />
      <FundPasswordPopup
        visible={confirming}
        twoFactor={security.data?.twoFactor ?? false}
        loading={flash.isPending}
        error={popupError}
        onConfirm={(pw, code) => void submit(pw, code)}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
