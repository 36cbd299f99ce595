import { useStrings } from '../../../lib/i18n/strings';
import { sparePartsStrings } from './spare-parts.strings';

/** "Abaixo do mínimo": the part's stock (all locations) is under its minimum. */
export function BelowMinimumBadge() {
  const t = useStrings(sparePartsStrings);
  return (
    <span
      data-below-minimum
      className="inline-flex items-center rounded-full bg-red-500/15 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-red-800 dark:text-red-300"
    >
      {t('belowMinimum')}
    </span>
  );
}
