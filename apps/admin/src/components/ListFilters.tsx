import { Flex, Input, Segmented } from 'antd';
import type { ListParams } from '../hooks/useListParams';
import { useCommonT } from '../lib/locales';

/**
 * A review queue's filters, bound to the address: the status (each of `statuses`, then "all") and, when
 * `uidPlaceholder` is given, a uid search.
 */
export function ListFilters<S extends string>({
  list,
  statuses,
  statusLabel,
  uidPlaceholder,
  testId,
}: {
  list: ListParams<'status' | 'uid'> | ListParams<'status'>;
  statuses: readonly S[];
  statusLabel: (status: S) => string;
  uidPlaceholder?: string;
  testId?: string;
}) {
  const common = useCommonT();
  const filters = list as ListParams<'status' | 'uid'>;
  return (
    <Flex gap={12} wrap className="filters">
      <Segmented<string>
        value={filters.filter('status') ?? ''}
        onChange={(value) => filters.setFilters({ status: value })}
        options={[
          ...statuses.map((value) => ({ value, label: statusLabel(value) })),
          { value: '', label: common('all') },
        ]}
        data-testid={testId}
      />
      {uidPlaceholder ? (
        <Input.Search
          allowClear
          placeholder={uidPlaceholder}
          defaultValue={filters.filter('uid')}
          inputMode="numeric"
          onSearch={(value) => filters.setFilters({ uid: value.trim() })}
          className="filters__uid"
        />
      ) : null}
    </Flex>
  );
}
