import { isDeviceRefusalCode } from '@sentinela/shared/device-refusals';
import type { opsStrings } from './i18n/ops-strings';
import type { AreaTranslate } from './i18n/strings';

type OpsKey = keyof (typeof opsStrings)['pt'];
type Refusal = { code?: string | null | undefined; error?: string | null | undefined };

/**
 * A device's refusal in the reader's language: a known code is translated; otherwise the
 * device's own words are shown as written, inside the translated sentence.
 */
export function commandRefusalMessage(outcome: Refusal, t: AreaTranslate<OpsKey>): string {
  const reason = refusalReason(outcome, t);
  return reason ? t('command.failed', { reason }) : t('command.refused');
}

/** The reason alone (a command history's line): translated by its code, else as the device wrote it. */
export function refusalReason(outcome: Refusal, t: AreaTranslate<OpsKey>): string {
  return isDeviceRefusalCode(outcome.code) ? t(`refusal.${outcome.code}`) : (outcome.error?.trim() ?? '');
}
