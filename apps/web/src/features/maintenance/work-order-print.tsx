import type { WorkOrderDetail } from '@sentinela/shared/maintenance';
import { Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { ZoneNote } from '../../components/zone-note';
import { Button } from '../../components/ui/button';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { maintenanceStrings } from './maintenance.strings';
import { technicianLabel } from './work-order-parts';
import { printStrings } from './work-order-print.strings';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <tr>
      <th scope="row" className="w-1/3 border border-black px-2 py-1 text-left align-top font-semibold">
        {label}
      </th>
      <td className="border border-black px-2 py-1">{children}</td>
    </tr>
  );
}

/** A titled block of the order's own text, kept as typed; nothing when there is none. */
function TextSection({ title, text }: { title: string; text: string | null }) {
  if (!text) return null;
  return (
    <section>
      <h2 className="font-semibold">{title}</h2>
      <p className="whitespace-pre-wrap">{text}</p>
    </section>
  );
}

function Lines({ count }: { count: number }) {
  return (
    <div aria-hidden className="flex flex-col">
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className="h-7 border-b border-black" />
      ))}
    </div>
  );
}

/**
 * One order on paper, for the technician in the field: what, where, when (facility time), who,
 * the checklist with boxes to tick, notes and signature lines. Black on white whatever the theme.
 */
export function WorkOrderPrint({ order, printedAt = new Date() }: { order: WorkOrderDetail; printedAt?: Date }) {
  const t = useStrings(printStrings);
  const tM = useStrings(maintenanceStrings);
  const { language } = useLanguage();
  const zone = order.facility.timezone;
  return (
    <article className="flex flex-col gap-4 bg-white p-6 text-sm text-black" data-slot="work-order-print">
      <header className="flex items-baseline justify-between gap-4 border-b-2 border-black pb-2">
        <div>
          <h1 className="text-xl font-bold">{t('heading', { number: order.number })}</h1>
          <p className="text-base">{order.title}</p>
        </div>
        <p className="text-xs">{t('printedAt', { at: formatDateTime(printedAt, language, zone) })}</p>
      </header>
      <table className="w-full border-collapse">
        <tbody>
          <Row label={t('equipment')}>{order.equipment?.name ?? '—'}</Row>
          <Row label={t('facility')}>{order.facility.name}</Row>
          <Row label={t('room')}>{order.room?.name ?? '—'}</Row>
          <Row label={t('scheduled')}>
            {formatDateTime(order.scheduledAt, language, zone)}
            <ZoneNote place={order.facility.name} timeZone={zone} className="text-black" />
          </Row>
          <Row label={t('duration')}>{tM('duration', { hours: formatNumber(order.durationHours, language, 2) })}</Row>
          <Row label={t('technician')}>{technicianLabel(tM, order.technician)}</Row>
          <Row label={t('kind')}>{tM(`kind.${order.kind}`)}</Row>
          <Row label={t('priority')}>{tM(`priority.${order.priority}`)}</Row>
          <Row label={t('status')}>{tM(`status.${order.status}`)}</Row>
        </tbody>
      </table>
      <TextSection title={t('description')} text={order.description} />
      <section>
        <h2 className="mb-1 font-semibold">{t('checklist')}</h2>
        {order.checklistItems.length === 0 ? (
          <p>{t('noChecklist')}</p>
        ) : (
          <ul className="flex flex-col gap-1.5">
            {order.checklistItems.map((item) => (
              <li key={item.id} className="flex items-start gap-2" data-done={item.doneAt !== null}>
                <span
                  aria-hidden
                  className="mt-0.5 inline-flex size-4 shrink-0 items-center justify-center border border-black text-xs leading-none"
                >
                  {item.doneAt !== null ? '✓' : ''}
                </span>
                <span>
                  {item.label}
                  {item.mandatory && ` (${t('mandatory')})`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <TextSection title={t('notes')} text={order.notes} />
      <section>
        <h2 className="font-semibold">{t('fieldNotes')}</h2>
        <Lines count={4} />
      </section>
      <section className="break-inside-avoid">
        <h2 className="mb-8 font-semibold">{t('signatures')}</h2>
        <div className="grid grid-cols-3 gap-6">
          {[t('signTechnician'), t('signSupervisor'), t('signDate')].map((label) => (
            <p key={label} className="border-t border-black pt-1 text-center text-xs">
              {label}
            </p>
          ))}
        </div>
      </section>
    </article>
  );
}

/**
 * "Imprimir": the browser's print view of the order. The printable order sits at the end of the
 * page, hidden on screen; while it is there, printing shows it alone (index.css).
 */
export function PrintOrderButton({ order }: { order: WorkOrderDetail }) {
  const t = useStrings(printStrings);
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          window.print();
        }}
      >
        <Printer aria-hidden />
        {t('print')}
      </Button>
      {createPortal(
        <div data-print-sheet className="hidden print:block">
          <WorkOrderPrint order={order} />
        </div>,
        document.body,
      )}
    </>
  );
}
