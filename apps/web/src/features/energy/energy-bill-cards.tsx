import type { DemandStatus, EnergyBill, FacilityBill } from '@sentinela/shared/energy';
import { CardSection } from '../../components/card-section';
import { StatCard } from '../../components/stat-card';
import { StatusPill, type Tone } from '../../components/status-badge';
import { formatCurrency, formatDateTime, formatNumber, formatQuantity } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { energyStrings } from './energy.strings';

const statusTone: Record<DemandStatus, Tone> = { ok: 'green', near: 'amber', over: 'red' };

/** Demand against contracted: colour and words (never colour alone). */
export function DemandStatusBadge({ status }: { status: DemandStatus }) {
  const t = useStrings(energyStrings);
  return (
    <StatusPill tone={statusTone[status]} dot data-demand-status={status}>
      {t(`status.${status}`)}
    </StatusPill>
  );
}

const dayLabel = (day: string, lang: 'pt' | 'en') => {
  const [, m, d] = day.split('-');
  return lang === 'pt' ? `${d}/${m}` : `${m}/${d}`;
};

/** The four headline figures of a facility's bill; skeletons while `bill` is undefined. */
export function EnergyBillCards({ bill, flag }: { bill: FacilityBill | undefined; flag: EnergyBill['flag'] }) {
  const t = useStrings(energyStrings);
  const { language } = useLanguage();
  const kwh = bill ? bill.kwh.ponta + bill.kwh.foraPonta : 0;
  const contracted = bill
    ? bill.peak?.post === 'ponta' && bill.contracted.ponta !== null
      ? bill.contracted.ponta
      : bill.contracted.foraPonta
    : 0;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label={t('card.monthToDate')}
        value={bill && formatCurrency(bill.monthToDate.total, language)}
        hint={
          bill &&
          t('card.monthToDateHint', {
            start: dayLabel(bill.period.start, language),
            kwh: formatQuantity(kwh, 'kWh', language),
            flag: t(`flag.${flag}`),
          })
        }
      />
      <StatCard
        label={t('card.projected')}
        value={bill && formatCurrency(bill.projected.total, language)}
        hint={bill && t('card.projectedHint', { elapsed: `${formatNumber(bill.elapsed * 100, language)}%` })}
      />
      <StatCard
        label={t('card.demand')}
        value={bill && (bill.peak ? formatQuantity(bill.peak.kw, 'kW', language, 1) : t('card.noDemand'))}
        hint={
          bill && (
            <span className="flex flex-col items-start gap-1">
              <DemandStatusBadge status={bill.demandStatus} />
              {bill.peak &&
                t('card.demandHint', {
                  contracted: formatQuantity(contracted, 'kW', language),
                  post: t(`post.${bill.peak.post}`),
                  when: formatDateTime(bill.peak.at, language, bill.timezone),
                })}
            </span>
          )
        }
      />
      <StatCard
        label={t('card.pf')}
        value={bill && formatNumber(bill.powerFactor, language, 2)}
        hint={bill && t('card.pfHint', { kvarh: formatQuantity(bill.reactiveExcessKvarh, 'kvarh', language, 1) })}
      />
    </div>
  );
}

const lineUnit: Partial<Record<string, string>> = {
  energyPonta: 'kWh',
  energyForaPonta: 'kWh',
  flag: 'kWh',
  demand: 'kW',
  demandPonta: 'kW',
  demandForaPonta: 'kW',
  overrun: 'kW',
  overrunPonta: 'kW',
  overrunForaPonta: 'kW',
  reactiveEnergy: 'kvarh',
  reactiveDemand: 'kW',
};

/** The month-to-date bill's lines and how each is computed. */
export function BillLinesTable({ bill, modality }: { bill: FacilityBill; modality: EnergyBill['modality'] }) {
  const t = useStrings(energyStrings);
  const { language } = useLanguage();
  const money = (n: number) => formatCurrency(n, language);
  return (
    <CardSection title={t('bill.title')} description={t('bill.description', { modality })}>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('bill.title')}>
        <table className="w-full min-w-[28rem] text-sm">
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('bill.line')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                {t('bill.quantity')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                {t('bill.rate')}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {t('bill.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {bill.monthToDate.lines.map((line) => {
              const unit = lineUnit[line.kind];
              return (
                <tr key={line.kind} className="border-b last:border-0">
                  <th scope="row" className="py-2 pr-3 text-left font-normal">
                    {t(`line.${line.kind}`)}
                  </th>
                  <td className="py-2 pr-3 text-right tabular-nums">
                    {unit
                      ? formatQuantity(line.quantity, unit, language, 1)
                      : `${formatNumber(line.quantity, language, 2)}%`}
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">
                    {unit ? `R$ ${formatNumber(line.rate, language, 5)}/${unit}` : money(line.rate)}
                  </td>
                  <td className="py-2 text-right tabular-nums">{money(line.amount)}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3} className="py-2 pr-3 text-left font-normal text-muted-foreground">
                {t('bill.subtotal')}
              </th>
              <td className="py-2 text-right tabular-nums">{money(bill.monthToDate.subtotal)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3} className="py-2 pr-3 text-left font-semibold">
                {t('bill.total')}
              </th>
              <td className="py-2 text-right font-semibold tabular-nums" data-bill-total>
                {money(bill.monthToDate.total)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <div className="mt-4 text-sm">
        <h3 className="font-medium">{t('how.title')}</h3>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-muted-foreground">
          <li>{t('how.demand')}</li>
          <li>{t('how.overrun')}</li>
          {bill.estimatedDemandHours > 0 && (
            <li>{t('how.estimated', { hours: bill.estimatedDemandHours, total: bill.hoursWithData })}</li>
          )}
          <li>{t('how.reactive')}</li>
          <li>{t('how.taxes')}</li>
          <li>{t('how.projection')}</li>
        </ul>
      </div>
    </CardSection>
  );
}
