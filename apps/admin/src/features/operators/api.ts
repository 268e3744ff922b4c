import { type OperatorRole, type OperatorSummary, operatorApi } from '@bourse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/client';

export const operatorKeys = {
  all: ['operators'] as const,
  list: ['operators', 'list'] as const,
};

export function useOperators() {
  return useQuery({
    queryKey: operatorKeys.list,
    queryFn: ({ signal }) => api.call(operatorApi.operators, { signal, toast: false }),
  });
}

/** Every change answers the operator as it now is: the list takes it at once, then is fetched again. */
function useSettle() {
  const queryClient = useQueryClient();
  return (changed: OperatorSummary) => {
    queryClient.setQueryData<OperatorSummary[]>(operatorKeys.list, (list) =>
      list?.some((row) => row.id === changed.id)
        ? list.map((row) => (row.id === changed.id ? changed : row))
        : [...(list ?? []), changed],
    );
    void queryClient.invalidateQueries({ queryKey: operatorKeys.all });
  };
}

export function useOperatorActions() {
  const settle = useSettle();
  const create = useMutation({
    mutationFn: (body: { email: string; name: string; role: OperatorRole }) =>
      api.call(operatorApi.createOperator, { body }),
    onSuccess: (result) => settle(result.operator),
  });
  const update = useMutation({
    mutationFn: ({ id, change }: { id: number; change: { role?: OperatorRole; status?: 'active' | 'disabled' } }) =>
      api.call(operatorApi.updateOperator, { params: { id }, body: change }),
    onSuccess: settle,
  });
  const resetPassword = useMutation({
    mutationFn: (id: number) => api.call(operatorApi.resetOperatorPassword, { params: { id } }),
    onSuccess: (result) => settle(result.operator),
  });
  const resetTwoFactor = useMutation({
    mutationFn: (id: number) => api.call(operatorApi.resetOperatorTwoFactor, { params: { id } }),
    onSuccess: settle,
  });
  return { create, update, resetPassword, resetTwoFactor };
}
