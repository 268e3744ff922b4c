import { EmptyState, ListSkeleton, QueryError } from '../../../components/BlockState';
import type { PageProps } from '../../../lib/feature';
import { useCopyFeed, useRecords } from '../api';
import { RecordRow } from '../components';
import { useCopyT } from '../locales';
import '../copy.css';

/**
 * /pages/documentary/record-details — every copied open, close, skip (with its reason) and every profit-share or
 * compensation settlement: of one relationship (`?followId=`), all mine, or as a leader (`?role=leader`).
 */
export default function RecordsPage({ query }: PageProps) {
  const t = useCopyT();
  const followId = query.followId ? Number(query.followId) : undefined;
  const role = query.role === 'leader' ? 'leader' : 'follower';
  const records = useRecords({ followId, role });
  useCopyFeed();
  if (records.isPending) return <ListSkeleton />;
  if (records.isError) return <QueryError error={records.error} onRetry={() => void records.refetch()} />;
  if (records.data.list.length === 0) return <EmptyState text={t('noRecords')} />;
  return (
    <div className="cp-page">
      <ul className="cp-rows" data-testid="copy-records">
        {records.data.list.map((r) => (
          <RecordRow key={r.id} r={r} t={t} who={role === 'leader' ? `UID ${r.followerUid}` : undefined} />
        ))}
      </ul>
    </div>
  );
}
