import { Button, Dialog, Popup } from 'antd-mobile';
import { DeleteOutline, ExclamationCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { EmptyState, QueryError } from '../../../components/BlockState';
import { Form } from '../../../components/form/Form';
import { type SecurityCheck, SecurityCheckPopup } from '../../../components/SecurityCheckPopup';
import { TextField } from '../../../components/form/TextField';
import { ApiError } from '../../../lib/api';
import { useCommonT } from '../../../lib/locales';
import { toast } from '../../../lib/toast';
import { SECURITY_CHECK_ERRORS, useAddAddress, useAddressBook, useDeleteAddress } from '../api';
import { useWalletT } from '../locales';

export interface AddressBookPopupProps {
  visible: boolean;
  asset: string;
  network: string;
  networkName: string;
  twoFactor: boolean;
  onSelect(address: string): void;
  onClose(): void;
}

/**
 * Saved withdrawal addresses of a coin on a network: pick one, remove one, or save a new one (fund password; saving
 * or editing locks withdrawals for 24 hours, which the form says before it is sent).
 */
export function AddressBookPopup({
  visible,
  asset,
  network,
  networkName,
  twoFactor,
  onSelect,
  onClose,
}: AddressBookPopupProps) {
  const t = useWalletT();
  const common = useCommonT();
  const book = useAddressBook(asset);
  const add = useAddAddress();
  const remove = useDeleteAddress();
  const [adding, setAdding] = useState(false);
  const [label, setLabel] = useState('');
  const [address, setAddress] = useState('');
  const [addressError, setAddressError] = useState<string>();
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<string>();
  const entries = (book.data ?? []).filter((e) => e.network === network);

  const review = () => {
    if (address.trim() === '') {
      setAddressError(t('enterAddress'));
      return;
    }
    setCheckError(undefined);
    setChecking(true);
  };

  const save = async ({ fundPassword = '', twoFactorCode }: SecurityCheck) => {
    try {
      await add.mutateAsync({
        asset,
        network,
        address: address.trim(),
        label: label.trim(),
        fundPassword,
        twoFactorCode,
      });
      toast(t('addressSaved'), 'success');
      setChecking(false);
      setAdding(false);
      setLabel('');
      setAddress('');
    } catch (e) {
      if (!(e instanceof ApiError)) return;
      if (SECURITY_CHECK_ERRORS.has(e.code)) {
        setCheckError(e.msg);
        return;
      }
      setChecking(false);
      setAddressError(e.msg);
    }
  };

  const confirmRemove = async (id: number) => {
    const ok = await Dialog.confirm({
      content: t('removeAddressConfirm'),
      confirmText: t('remove'),
      cancelText: common('cancel'),
    });
    if (ok) await remove.mutateAsync(id).catch(() => undefined);
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="book-popup">
      <h2 className="coin-popup__title">
        {t('addressBook')} · {asset} {networkName}
      </h2>
      {book.isError && <QueryError error={book.error} onRetry={() => void book.refetch()} />}
      {!adding && (
        <div className="book-popup__list">
          {book.data && entries.length === 0 && <EmptyState text={t('noSavedAddresses')} />}
          {entries.map((e) => (
            <div key={e.id} className="book-entry">
              <button
                type="button"
                className="book-entry__pick"
                onClick={() => {
                  onSelect(e.address);
                  onClose();
                }}
              >
                <span className="book-entry__label">{e.label || t('noLabel')}</span>
                <span className="book-entry__address num">{e.address}</span>
              </button>
              <button
                type="button"
                className="book-entry__remove"
                aria-label={t('remove')}
                onClick={() => void confirmRemove(e.id)}
              >
                <DeleteOutline />
              </button>
            </div>
          ))}
          <Button block className="wallet-submit" color="primary" fill="outline" onClick={() => setAdding(true)}>
            {t('addAddress')}
          </Button>
        </div>
      )}
      {adding && (
        <Form onSubmit={review}>
          <p className="rules__warning">
            <ExclamationCircleOutline />
            <span>{t('addressLockWarning')}</span>
          </p>
          <TextField name="label" label={t('addressLabel')} value={label} onChange={setLabel} maxLength={32} />
          <TextField
            name="bookAddress"
            label={t('address')}
            placeholder={t('addressPlaceholder', { network: networkName })}
            value={address}
            onChange={(v) => {
              setAddress(v);
              setAddressError(undefined);
            }}
            error={addressError}
            autoComplete="off"
          />
          <div className="book-popup__actions">
            <Button block onClick={() => setAdding(false)}>
              {common('cancel')}
            </Button>
            <Button block color="primary" type="submit" loading={add.isPending}>
              {t('save')}
            </Button>
          </div>
        </Form>
      )}
      <SecurityCheckPopup
        visible={checking}
        fundPassword
        twoFactor={twoFactor}
        loading={add.isPending}
        error={checkError}
        onConfirm={(check) => void save(check)}
        onClose={() => setChecking(false)}
      />
    </Popup>
  );
}
