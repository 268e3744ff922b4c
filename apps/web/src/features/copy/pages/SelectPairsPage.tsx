import { COPY_MAX_PAIRS } from '@bourse/contract';
import { Button, Selector } from 'antd-mobile';
import { useState } from 'react';
import { QueryError } from '../../../components/BlockState';
import { DelayedLoading } from '../../../components/PageState';
import type { PageProps } from '../../../lib/feature';
import { toast } from '../../../lib/toast';
import { useCopyMe, usePairs } from '../api';
import { useCopyT } from '../locales';
import '../copy.css';

function PairsForm({ initial, available, locked }: { initial: string[]; available: string[]; locked: boolean }) {
  const t = useCopyT();
  const save = usePairs();
  const [chosen, setChosen] = useState(initial);
  const submit = async () => {
    try {
      await save.mutateAsync(chosen);
      toast(t('saved'), 'success');
    } catch {
      // The server's message was shown.
    }
  };
  return (
    <div className="cp-page">
      <p className="cp-muted cp-small">
        {t('upTo', { n: COPY_MAX_PAIRS })} · {t('selected', { n: chosen.length })}
      </p>
      {locked && <p className="cp-status">{t('locked')}</p>}
      <Selector
        multiple
        columns={3}
        disabled={locked}
        value={chosen}
        onChange={(v) => setChosen(v.slice(0, COPY_MAX_PAIRS))}
        options={available.map((s) => ({ label: s.replace('_', ''), value: s }))}
      />
      <Button block color="primary" disabled={locked} loading={save.isPending} onClick={() => void submit()}>
        {t('save')}
      </Button>
    </div>
  );
}

/** /pages/documentary/select-right — the pairs followers copy (up to 6). */
export default function SelectPairsPage(_props: PageProps) {
  const me = useCopyMe();
  if (me.isPending) return <DelayedLoading />;
  if (me.isError) return <QueryError error={me.error} onRetry={() => void me.refetch()} />;
  return (
    <PairsForm initial={me.data.settings?.symbols ?? []} available={me.data.availableSymbols} locked={me.data.locked} />
  );
}
