import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ErrorState } from '../../components/query-state';
import { RoleGated, RoleGatedButton } from '../../components/role-gated';
import { Button } from '../../components/ui/button';
import { Input, Select } from '../../components/ui/input';
import { errorMessage } from '../../lib/api-errors';
import { decimalText } from '../../lib/form-issues';
import { formatCurrency, formatDateTime, formatNumber } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { useTRPC } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { workOrderPartLinesStrings } from './work-order-part-lines.strings';

const quantityOf = (value: string, unit: string, lang: 'pt' | 'en') =>
  `${formatNumber(Number(value), lang, 3)} ${unit}`;

/**
 * The parts a work order uses: listed (and changed, by operators) while it is open, taken from
 * stock when it completes. Shows what each location holds and the cost at the last purchase price.
 */
export function WorkOrderPartLines({ workOrderId, timeZone }: { workOrderId: string; timeZone: string }) {
  const t = useStrings(workOrderPartLinesStrings);
  const { language } = useLanguage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const lines = useQuery(trpc.maintenance.orders.parts.list.queryOptions({ workOrderId }));
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.maintenance.pathKey() });
  const onError = (e: unknown) => setError(errorMessage(e, t('failed')));
  const set = useMutation(
    trpc.maintenance.orders.parts.set.mutationOptions({ onSuccess: () => setError(null), onError, onSettled: refresh }),
  );
  const remove = useMutation(
    trpc.maintenance.orders.parts.remove.mutationOptions({
      onSuccess: () => setError(null),
      onError,
      onSettled: refresh,
    }),
  );
  if (lines.isError) return <ErrorState error={lines.error} onRetry={() => void lines.refetch()} />;
  const data = lines.data;
  if (!data) return <p className="text-sm text-muted-foreground">{t('loading')}</p>;
  return (
    <div className="flex flex-col gap-2" data-slot="order-parts">
      {data.lines.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2 text-sm">
          {data.lines.map((line) => {
            const short = !line.consumedAt && Number(line.available) < Number(line.quantity);
            return (
              <li key={line.id} className="flex items-start justify-between gap-3" data-part-line={line.part.code}>
                <div className="flex min-w-0 flex-col">
                  <span>
                    <span className="font-mono">{line.part.code}</span> {line.part.description} ·{' '}
                    <span className="font-medium tabular-nums">
                      {quantityOf(line.quantity, line.part.unit, language)}
                    </span>
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {line.consumedAt
                      ? t('consumed', { at: formatDateTime(line.consumedAt, language, timeZone) })
                      : t('available', {
                          location: line.location.name,
                          quantity: quantityOf(line.available, line.part.unit, language),
                        })}
                    {short && <span className="ml-1 font-medium text-destructive">· {t('short')}</span>}
                  </span>
                </div>
                {data.editable && (
                  <RoleGatedButton
                    needs="operator"
                    size="sm"
                    variant="ghost"
                    aria-label={t('remove', { code: line.part.code })}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate({ workOrderId, lineId: line.id })}
                  >
                    <Trash2 aria-hidden />
                  </RoleGatedButton>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {data.lines.length > 0 && (
        <p className="text-xs text-muted-foreground">
          {t('estimate', { cost: formatCurrency(Number(data.estimatedCost), language) })}
          {data.unpricedLines > 0 && ` ${t('unpriced', { count: data.unpricedLines })}`}
        </p>
      )}
      {data.editable && (
        <>
          <p className="text-xs text-muted-foreground">{t('hint')}</p>
          <RoleGated needs="operator">
            {(allowed) =>
              allowed && (
                <AddPartLine
                  busy={set.isPending}
                  onAdd={(line) => {
                    set.mutate({ workOrderId, ...line });
                  }}
                />
              )
            }
          </RoleGated>
        </>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

function AddPartLine({
  busy,
  onAdd,
}: {
  busy: boolean;
  onAdd: (line: { partId: string; locationId: string; quantity: string }) => void;
}) {
  const t = useStrings(workOrderPartLinesStrings);
  const { language } = useLanguage();
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [partId, setPartId] = useState('');
  const [locationId, setLocationId] = useState('');
  const [quantity, setQuantity] = useState('1');
  const debounced = useDebouncedValue(search, 300);
  const options = useQuery(trpc.spareParts.options.queryOptions({ search: debounced.trim() || undefined }));
  const part = options.data?.find((p) => p.id === partId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAdd({ partId, locationId, quantity: decimalText(quantity) });
  };
  return (
    <form className="grid grid-cols-1 gap-2 sm:grid-cols-2" onSubmit={submit} data-slot="add-part-line">
      <label className="flex flex-col gap-1 text-xs font-medium text-muted-foreground sm:col-span-2">
        {t('searchPart')}
        <Input type="search" value={search} maxLength={120} onChange={(e) => setSearch(e.target.value)} />
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-muted-foreground sm:col-span-2">
        {t('part')}
        <Select
          name="partId"
          value={partId}
          onChange={(e) => {
            setPartId(e.target.value);
            const chosen = options.data?.find((p) => p.id === e.target.value);
            setLocationId(chosen?.stockByLocation[0]?.location.id ?? '');
          }}
        >
          <option value="">{options.data?.length === 0 ? t('noOptions') : t('choosePart')}</option>
          {(options.data ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {p.code} · {p.description}
            </option>
          ))}
        </Select>
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-muted-foreground">
        {t('location')}
        <Select name="locationId" value={locationId} onChange={(e) => setLocationId(e.target.value)}>
          <option value="">{t('chooseLocation')}</option>
          {(part?.stockByLocation ?? []).map((s) => (
            <option key={s.location.id} value={s.location.id}>
              {s.location.name} ({quantityOf(s.quantity, part?.unit ?? '', language)})
            </option>
          ))}
        </Select>
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-muted-foreground">
        {t('quantity')}
        <Input name="quantity" inputMode="decimal" value={quantity} onChange={(e) => setQuantity(e.target.value)} />
      </label>
      <div className="sm:col-span-2">
        <Button type="submit" size="sm" variant="outline" disabled={busy || !partId || !locationId}>
          {t('add')}
        </Button>
      </div>
    </form>
  );
}
