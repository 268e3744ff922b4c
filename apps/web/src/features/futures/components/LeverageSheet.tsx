import { errorMessage, type SwapContract, type SwapSettings } from '@bourse/contract';
import { Button, Popup, Slider } from 'antd-mobile';
import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { Amount } from '../../../components/Amount';
import { useRequestId } from '../../../hooks/useRequestId';
import { ApiError } from '../../../lib/api';
import { useSettings } from '../../../lib/stores/settings';
import { toast } from '../../../lib/toast';
import { useSetLeverage } from '../api';
import { maxNotionalAt } from '../figures';
import { useFuturesT } from '../locales';

/** Slider marks: 1×, then quarters of the contract's highest leverage. */
export function leverageMarks(max: number): Record<number, string> {
  const marks: Record<number, string> = { 1: '1×' };
  for (const share of [0.25, 0.5, 0.75, 1]) {
    const value = Math.max(1, Math.round(max * share));
    marks[value] = `${value}×`;
  }
  return marks;
}

/**
 * The leverage of a contract: a slider 1–max with ± buttons, the largest position the chosen leverage allows (the
 * contract's risk tiers), and the server's word when it refuses (margin would not suffice, open orders).
 */
export function LeverageSheet({
  visible,
  onClose,
  contract,
  settings,
}: {
  visible: boolean;
  onClose(): void;
  contract: SwapContract;
  settings: SwapSettings;
}) {
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="fut-sheet" destroyOnClose>
      <LeverageForm contract={contract} settings={settings} onDone={onClose} />
    </Popup>
  );
}

function LeverageForm({
  contract,
  settings,
  onDone,
}: {
  contract: SwapContract;
  settings: SwapSettings;
  onDone(): void;
}) {
  const t = useFuturesT();
  const lang = useSettings((s) => s.lang);
  const max = Math.max(1, settings.maxLeverage);
  const [leverage, setLeverage] = useState(settings.leverage);
  const [error, setError] = useState<string>();
  const request = useRequestId();
  const save = useSetLeverage();
  const bound = maxNotionalAt(contract, leverage);
  const locked = settings.leverageLocked;
  const change = (value: number) => {
    setError(undefined);
    setLeverage(Math.min(max, Math.max(1, Math.round(value))));
  };

  const submit = () => {
    save.mutate(
      { symbol: contract.symbol, leverage, requestId: request.id },
      {
        onSuccess: (next) => {
          request.settled();
          toast(t('leverageSaved', { leverage: next.leverage }), 'success');
          onDone();
        },
        onError: (e) => {
          request.settled(e);
          setError(e instanceof ApiError ? e.msg : String(e));
        },
      },
    );
  };

  return (
    <div className="fut-sheet__body" data-testid="fut-leverage-sheet">
      <h2 className="fut-sheet__title">{t('adjustLeverage')}</h2>
      <div className="fut-leverage">
        <button
          type="button"
          className="fut-leverage__step"
          aria-label={t('leverageDown')}
          onClick={() => change(leverage - 1)}
          disabled={leverage <= 1 || locked}
        >
          <MinusOutline />
        </button>
        <span className="fut-leverage__value num" data-testid="fut-leverage-value">
          {t('leverageValue', { leverage })}
        </span>
        <button
          type="button"
          className="fut-leverage__step"
          aria-label={t('leverageUp')}
          onClick={() => change(leverage + 1)}
          disabled={leverage >= max || locked}
        >
          <AddOutline />
        </button>
      </div>
      <Slider
        className="fut-leverage__slider"
        min={1}
        max={max}
        step={1}
        value={leverage}
        marks={leverageMarks(max)}
        ticks={false}
        disabled={locked}
        onChange={(value) => change(Array.isArray(value) ? (value[0] ?? 1) : value)}
      />
      {bound && (
        <dl className="fut-sheet__facts">
          <div>
            <dt>{t('maxPositionAt', { leverage })}</dt>
            <dd>
              <Amount value={bound} precision={0} /> USDT
            </dd>
          </div>
        </dl>
      )}
      <p className="fut-sheet__note fut-sheet__note--warn">{t('leverageRisk')}</p>
      {locked && <p className="fut-sheet__error">{errorMessage('LEVERAGE_LOCKED', lang)}</p>}
      {error && (
        <p className="fut-sheet__error" role="alert">
          {error}
        </p>
      )}
      <Button
        block
        color="primary"
        className="fut-sheet__submit"
        loading={save.isPending}
        disabled={locked || leverage === settings.leverage}
        onClick={submit}
      >
        {t('confirm')}
      </Button>
    </div>
  );
}
