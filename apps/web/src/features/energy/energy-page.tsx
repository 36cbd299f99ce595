import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { EmptyState, QueryError } from '../../components/query-state';
import { SelectField } from '../../components/select-field';
import { Skeleton } from '../../components/ui/skeleton';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { useTRPC } from '../../lib/trpc';
import { BillLinesTable, EnergyBillCards } from './energy-bill-cards';
import { ConsumptionPanel } from './energy-consumption';
import { EnergySavingsCard } from './energy-savings-card';
import { energyStrings } from './energy.strings';

/** /energy: a facility's bill so far and projected, its demand and power factor, and its consumption. */
export default function EnergyPage() {
  const { t: tCore } = useLanguage();
  const t = useStrings(energyStrings);
  const trpc = useTRPC();
  const facilities = useQuery(trpc.facilities.options.queryOptions());
  const [chosen, setChosen] = useState('');
  const [roomId, setRoomId] = useState('');
  const facilityId = chosen || facilities.data?.[0]?.id || '';
  const rooms = useQuery(trpc.rooms.options.queryOptions({ facilityId }, { enabled: facilityId !== '' }));
  const bill = useQuery(trpc.energy.bill.queryOptions({ facilityId }, { enabled: facilityId !== '' }));
  const consumption = useQuery(
    trpc.energy.consumption.queryOptions({ facilityId, roomId: roomId || undefined }, { enabled: facilityId !== '' }),
  );
  const savings = useQuery(trpc.energy.savings.queryOptions({ facilityId }, { enabled: facilityId !== '' }));
  const facilityBill = bill.data?.facilities[0];

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={tCore('nav.energy')}>
        {facilities.data && facilities.data.length > 0 && (
          <div className="flex flex-wrap gap-3">
            <SelectField
              label={t('facility')}
              value={facilityId}
              options={facilities.data.map((f) => ({ value: f.id, label: f.name }))}
              onChange={(id) => {
                setChosen(id);
                setRoomId('');
              }}
            />
            <SelectField
              label={t('room')}
              value={roomId}
              emptyOption={t('allRooms')}
              options={(rooms.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
              onChange={setRoomId}
            />
          </div>
        )}
      </PageHeader>
      {facilities.isError ? (
        <QueryError query={facilities} />
      ) : facilities.data && facilities.data.length === 0 ? (
        <EmptyState>{t('noFacilities')}</EmptyState>
      ) : (
        <>
          {bill.isError ? (
            <QueryError query={bill} />
          ) : (
            <>
              <EnergyBillCards bill={facilityBill} flag={bill.data?.flag ?? 'verde'} />
              {facilityBill && bill.data && <BillLinesTable bill={facilityBill} modality={bill.data.modality} />}
            </>
          )}
          {savings.isError ? (
            <QueryError query={savings} />
          ) : (
            <EnergySavingsCard savings={savings.data} pending={savings.isPending} />
          )}
          <section aria-labelledby="energy-consumption" className="flex flex-col gap-3">
            <div>
              <h2 id="energy-consumption" className="text-lg font-semibold">
                {t('consumption.title')}
              </h2>
              <p className="text-sm text-muted-foreground">{t('consumption.description')}</p>
            </div>
            {consumption.isError ? (
              <QueryError query={consumption} />
            ) : consumption.data ? (
              <ConsumptionPanel data={consumption.data} />
            ) : (
              <div role="status" aria-label={t('loading')} className="grid grid-cols-1 gap-4 xl:grid-cols-2">
                <Skeleton className="h-64 w-full" />
                <Skeleton className="h-64 w-full" />
              </div>
            )}
          </section>
        </>
      )}
    </div>
  );
}
