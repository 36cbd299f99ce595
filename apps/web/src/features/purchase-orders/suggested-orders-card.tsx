import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PackagePlus } from 'lucide-react';
import { CardSection } from '../../components/card-section';
import { EmptyState, QueryError } from '../../components/query-state';
import { RoleGatedButton } from '../../components/role-gated';
import { errorMessage } from '../../lib/api-errors';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { formatDecimalText } from './purchase-order-values';
import { purchaseOrdersStrings } from './purchase-orders.strings';

/** Parts below their minimum, per preferred supplier; one click drafts the supplier's order. */
export function SuggestedOrdersCard({ onCreated }: { onCreated: (id: string) => void }) {
  const t = useStrings(purchaseOrdersStrings);
  const { language } = useLanguage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const suggestions = useQuery(trpc.purchaseOrders.suggestions.queryOptions());
  const draft = useMutation(
    trpc.purchaseOrders.draftFromSuggestion.mutationOptions({
      onSuccess: async (order) => {
        notify.success(t('suggest.created', { number: order.number }));
        await queryClient.invalidateQueries({ queryKey: trpc.purchaseOrders.pathKey() });
        onCreated(order.id);
      },
      onError: (error) => notify.error(errorMessage(error, t('suggest.failed'))),
    }),
  );
  return (
    <CardSection title={t('suggest.title')} description={t('suggest.description')}>
      {suggestions.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('loading')}
        </p>
      ) : suggestions.isError ? (
        <QueryError query={suggestions} />
      ) : suggestions.data.length === 0 ? (
        <EmptyState>{t('suggest.empty')}</EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {suggestions.data.map((group) => (
            <li
              key={group.supplier.id}
              className="flex flex-col gap-2 rounded-lg border p-3 sm:flex-row sm:items-start sm:justify-between"
              data-suggestion={group.supplier.id}
            >
              <div className="flex flex-col gap-1">
                <p className="font-medium">{group.supplier.name}</p>
                <ul className="text-sm text-muted-foreground">
                  {group.parts.map((p) => (
                    <li key={p.partId}>
                      {t('suggest.line', {
                        code: p.code,
                        description: p.description,
                        stock: formatDecimalText(p.stock, language),
                        minimum: formatDecimalText(p.minimumStock, language),
                        quantity: formatDecimalText(p.quantity, language),
                        unit: p.unit,
                      })}
                    </li>
                  ))}
                </ul>
              </div>
              <RoleGatedButton
                needs="operator"
                size="sm"
                variant="outline"
                disabled={draft.isPending}
                onClick={() => draft.mutate({ supplierId: group.supplier.id })}
              >
                <PackagePlus aria-hidden />
                {t('suggest.create')}
              </RoleGatedButton>
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
}
