import type { NetworkInfo } from '@bourse/contract';
import { Selector } from 'antd-mobile';
import { useWalletT } from '../locales';

/** The networks a coin travels on, as chips; the chosen one is highlighted. */
export function NetworkSelector({
  networks,
  value,
  onChange,
}: {
  networks: readonly NetworkInfo[];
  value: string;
  onChange(network: string): void;
}) {
  const t = useWalletT();
  return (
    <div className="wallet-field">
      <div className="wallet-field__label">{t('network')}</div>
      <Selector
        className="network-selector"
        columns={2}
        showCheckMark={false}
        options={networks.map((n) => ({ label: n.name, value: n.network }))}
        value={[value]}
        onChange={(values) => {
          const next = values[0];
          if (next) onChange(next);
        }}
      />
    </div>
  );
}
