import { BlockOutlined } from '@ant-design/icons';
import { StatCard } from '../../../components/StatCard';
import { formatCount } from '../../../lib/format';
import { useSettings } from '../../../lib/stores/settings';
import { useChainState } from '../api';
import { useChainT } from '../locales';

export default function ChainCard() {
  const t = useChainT();
  const lang = useSettings((state) => state.lang);
  const query = useChainState();
  const chain = query.data;
  return (
    <StatCard
      testId="card-chain"
      icon={<BlockOutlined />}
      title={t('card')}
      query={query}
      value={chain ? formatCount(chain.height, lang) : null}
      description={
        chain
          ? chain.simulated
            ? chain.blockMs > 0
              ? t('cardSimulated', { time: `${chain.blockMs / 1000} s` })
              : t('cardManual')
            : t('cardReal')
          : undefined
      }
      link={{ to: '/finance/chain', label: t('openChain') }}
    />
  );
}
