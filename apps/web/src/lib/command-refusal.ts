import { isDeviceRefusalCode } from '@sentinela/shared/device-refusals';
import type { opsStrings } from './i18n/ops-strings';
import type { AreaTranslate } from './i18n/strings';

type OpsKey = keyof (typeof opsStrings)['pt'];

/**
 * A device's refusal in the reader's language: a known code is translated; otherwise the
 * device's own words are shown as written, inside the translated sentence.
 */
export function commandRefusalMessage(
  outcome: { code?: string | null | undefined; error?: string | null | undefined },
  t: AreaTranslate<OpsKey>,
): string {
  const reason = isDeviceRefusalCode(outcome.code) ? t(`refusal.${outcome.code}`) : outcome.error?.trim();
  return reason ? t('command.failed', { reason }) : t('command.refused');
}
