import { EMAIL_PATTERN, ERRORS, errorMessage, type Lang } from '@bourse/contract';
import { Button, Dialog } from 'antd-mobile';
import { CheckCircleOutline, ExclamationCircleOutline, LockOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { QueryError } from '../../../components/BlockState';
import { Form } from '../../../components/form/Form';
import { type SecurityCheck, SecurityCheckPopup } from '../../../components/SecurityCheckPopup';
import { TextField } from '../../../components/form/TextField';
import { NavRight } from '../../../components/PageChrome';
import { useRequestId } from '../../../hooks/useRequestId';
import { ApiError } from '../../../lib/api';
import type { PageProps } from '../../../lib/feature';
import { truncateDecimal } from '../../../lib/decimalInput';
import { clearDrafts, useDraft } from '../../../lib/drafts';
import { currentRoute } from '../../../lib/navigation';
import { useSettings } from '../../../lib/stores/settings';
import { toUnits } from '../amount';
import { availableOf, SECURITY_CHECK_ERRORS, useBalances, useFlash, useFlashRecipient, useSecurityFlags } from '../api';
import { Amount } from '../../../components/Amount';
import { AmountField } from '../components/AmountField';
import { CoinPickerPopup } from '../components/CoinPickerPopup';
import { CoinRow } from '../components/CoinRow';
import { RemarkField } from '../components/RemarkField';
import { useWalletT, type WalletT } from '../locales';
import { fundPasswordRoute, WALLET_PATHS, withQuery } from '../paths';
import '../wallet.css';

/** A uid (8 digits), an email address or an 11-digit mobile number: worth looking up. */
function looksLikeRecipient(text: string): boolean {
  return /^\d{8}$/.test(text) || /^\d{11}$/.test(text) || EMAIL_PATTERN.test(text);
}

/** What is wrong with a recipient typed, before looking it up: nothing typed, a malformed email, or neither kind. */
function recipientProblem(text: string, t: WalletT, lang: Lang): string | null {
  if (text === '') return t('enterRecipient');
  if (looksLikeRecipient(text)) return null;
  return text.includes('@') || /[a-z]/i.test(text) ? errorMessage('EMAIL_INVALID', lang) : t('recipientInvalid');
}

/** /pages/usreMei/flash?coin= — spot funds to another user at once, by uid, email or mobile number. */
export default function FlashPage({ query }: PageProps) {
  const t = useWalletT();
  const navigate = useNavigate();
  const lang = useSettings((s) => s.lang);
  const balances = useBalances();
  const security = useSecurityFlags();
  const flash = useFlash();
  // Kept while the app runs: the form is as it was after setting the fund password.
  const [to, setTo] = useDraft('flash:to', '');
  const [lookup, setLookup] = useState('');
  const [asset, setAsset] = useDraft('flash:asset', (query.coin ?? 'USDT').toUpperCase());
  const [amount, setAmount] = useDraft('flash:amount', '');
  const [remark, setRemark] = useDraft('flash:remark', '');
  const [errors, setErrors] = useState<{ to?: string; amount?: string }>({});
  const [picking, setPicking] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [popupError, setPopupError] = useState<string>();
  const request = useRequestId();
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

  const setFundPassword = () => void navigate(fundPasswordRoute(currentRoute()));

  const review = () => {
    const next: { to?: string; amount?: string } = {};
    const typed = to.trim();
    const problem = recipientProblem(typed, t, lang);
    if (problem) next.to = problem;
    else if (!recipient.data || lookup !== typed) next.to = recipientError ?? errorMessage('USER_NOT_FOUND', lang);
    const units = toUnits(amount, scale);
    if (amount === '') next.amount = t('missingAmount');
    else if (units === null || units === 0n) next.amount = errorMessage('TRANSFER_AMOUNT_INVALID', lang);
    else if (units > (toUnits(available, scale) ?? 0n)) next.amount = errorMessage('INSUFFICIENT_BALANCE', lang);
    setErrors(next);
    if (next.to || next.amount) return;
    if (security.data && !security.data.fundPassword) {
      setFundPassword();
      return;
    }
    setPopupError(undefined);
    setConfirming(true);
  };

  const submit = async ({ fundPassword = '', twoFactorCode }: SecurityCheck) => {
    try {
      const result = await flash.mutateAsync({
        to: to.trim(),
        asset,
        amount,
        remark: remark.trim() || undefined,
        fundPassword,
        twoFactorCode,
        requestId: request.id,
      });
      setConfirming(false);
      request.settled();
      setAmount('');
      setRemark('');
      clearDrafts('flash:');
      void Dialog.alert({
        title: t('flashSent'),
        content: t('flashSentText', { amount: result.amount, coin: result.asset, who: result.to.account }),
        confirmText: t('ok'),
      });
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (SECURITY_CHECK_ERRORS.has(error.code)) {
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
            <button type="button" className="wallet-link" onClick={setFundPassword}>
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
          fill={{
            label: t('all'),
            onFill: () => {
              const all = truncateDecimal(available, scale);
              setAmount(/[1-9]/.test(all) ? all : '');
              setErrors((e) => ({ ...e, amount: undefined }));
            },
          }}
          hint={
            <>
              {t('availableSpot')} <Amount value={available} precision={coin?.displayPrecision ?? 8} sensitive />{' '}
              {asset}
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
      <SecurityCheckPopup
        visible={confirming}
        fundPassword
        twoFactor={security.data?.twoFactor ?? false}
        loading={flash.isPending}
        error={popupError}
        onConfirm={(check) => void submit(check)}
        onClose={() => setConfirming(false)}
        footer={{ label: t('forgotFundPassword'), onClick: setFundPassword }}
      />
    </div>
  );
}
