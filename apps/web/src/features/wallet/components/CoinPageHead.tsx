import type { CoinInfo } from '@bourse/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { EmptyState, QueryError } from '../../../components/BlockState';
import { NavRight } from '../../../components/PageChrome';
import { useWalletT } from '../locales';
import { WALLET_PATHS, withQuery } from '../paths';
import { CoinRow } from './CoinRow';

/**
 * The head of the deposit and withdraw pages: a link to this coin's records of that kind, the coin row that opens the
 * picker, and the states of the coin list (its error, a coin the exchange does not carry).
 */
export function CoinPageHead({
  kind,
  asset,
  coin,
  coins,
}: {
  kind: 'recharge' | 'withdraw';
  asset: string;
  coin: CoinInfo | undefined;
  coins: UseQueryResult<CoinInfo[]>;
}) {
  const t = useWalletT();
  const navigate = useNavigate();
  return (
    <>
      <NavRight>
        <button
          type="button"
          className="wallet-nav-link"
          onClick={() =>
            void navigate(
              withQuery(WALLET_PATHS.records, { type: kind === 'recharge' ? 'deposit' : 'withdraw', coin: asset }),
            )
          }
        >
          {t('records')}
        </button>
      </NavRight>
      {coins.isError && <QueryError error={coins.error} onRetry={() => void coins.refetch()} />}
      <CoinRow
        asset={asset}
        name={coin?.name}
        onClick={() => void navigate(withQuery(WALLET_PATHS.currency, { type: kind, replace: '1' }))}
      />
      {coins.data && !coin && <EmptyState text={t('coinNotSupported')} />}
    </>
  );
}
