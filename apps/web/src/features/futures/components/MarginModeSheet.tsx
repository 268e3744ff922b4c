import { errorMessage, type MarginMode, type SwapSettings } from '@bourse/contract';
import { Button, Popup } from 'antd-mobile';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { useSettings } from '../../../lib/stores/settings';
import { toast } from '../../../lib/toast';
import { useSetMarginMode } from '../api';
import { marginModeLabel, useFuturesT } from '../locales';

/** Cross or isolated margin on a contract; only without a position or open orders there (the server says so). */
export function MarginModeSheet({
  visible,
  onClose,
  settings,
}: {
  visible: boolean;
  onClose(): void;
  settings: SwapSettings;
}) {
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="fut-sheet" destroyOnClose>
      <ModeForm settings={settings} onDone={onClose} />
    </Popup>
  );
}

function ModeForm({ settings, onDone }: { settings: SwapSettings; onDone(): void }) {
  const t = useFuturesT();
  const lang = useSettings((s) => s.lang);
  const [mode, setMode] = useState<MarginMode>(settings.marginMode);
  const [error, setError] = useState<string>();
  const save = useSetMarginMode();
  const locked = settings.modeLocked;
  const options: { mode: MarginMode; hint: string }[] = [
    { mode: 'cross', hint: t('crossHint') },
    { mode: 'isolated', hint: t('isolatedHint') },
  ];
  return (
    <div className="fut-sheet__body" data-testid="fut-mode-sheet">
      <h2 className="fut-sheet__title">{t('marginMode')}</h2>
      <div className="fut-modes" role="radiogroup">
        {options.map((option) => (
          <button
            key={option.mode}
            type="button"
            role="radio"
            aria-checked={mode === option.mode}
            className={`fut-modes__item${mode === option.mode ? ' fut-modes__item--on' : ''}`}
            disabled={locked}
            onClick={() => {
              setError(undefined);
              setMode(option.mode);
            }}
          >
            <b>{marginModeLabel(t, option.mode)}</b>
            <span>{option.hint}</span>
          </button>
        ))}
      </div>
      {locked && <p className="fut-sheet__error">{errorMessage('MARGIN_MODE_LOCKED', lang)}</p>}
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
        disabled={locked || mode === settings.marginMode}
        onClick={() =>
          save.mutate(
            { symbol: settings.symbol, marginMode: mode },
            {
              onSuccess: (next) => {
                toast(t('marginModeSaved', { mode: marginModeLabel(t, next.marginMode) }), 'success');
                onDone();
              },
              onError: (e) => setError(e instanceof ApiError ? e.msg : String(e)),
            },
          )
        }
      >
        {t('confirm')}
      </Button>
    </div>
  );
}
