import { cn } from '../lib/cn';
import { formatZoneOffset } from '../lib/format';
import { opsStrings } from '../lib/i18n/ops-strings';
import { useStrings } from '../lib/i18n/strings';

/**
 * Which clock a card's times follow, said once per card: 'Horário de Campinas (UTC−3)'. Times
 * about a facility's equipment are shown in the facility's zone, whatever the browser's zone is.
 * Without a zone (a list whose rows are in several facilities), 'Horários no fuso de cada instalação'.
 */
export function ZoneNote({ place, timeZone, className }: { place?: string; timeZone?: string; className?: string }) {
  const t = useStrings(opsStrings);
  const offset = timeZone ? formatZoneOffset(timeZone) : '';
  return (
    <p className={cn('text-xs text-muted-foreground', className)} data-slot="zone-note">
      {timeZone && offset ? t('time.facility', { place: place ?? timeZone, offset }) : t('time.eachFacility')}
    </p>
  );
}
