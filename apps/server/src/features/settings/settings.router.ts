import { energyTariffSchema, publicSettingsSchema } from '@sentinela/shared/settings';
import type { SettingsSection } from '@sentinela/shared/live-events';
import {
  retentionSettingsSchema,
  setThresholdsInput,
  settingsStatusOutput,
  siteSettingsInput,
  thresholdRulesOutput,
} from '@sentinela/shared/site-settings';
import { weatherSettingsSchema } from '@sentinela/shared/weather';
import type { ChangeCaller } from '../../platform/audit';
import { adminProcedure, authenticatedProcedure, publicProcedure, router } from '../../trpc/init';
import { changeProcedure, type ChangeDeps } from '../../trpc/procedures';
import { listThresholdRules, setThresholds } from '../alerts/alerts.service';
import { getWeatherSettings, setWeatherSettings } from '../weather/weather.service';
import { setEnergyTariff } from './energy-tariff.service';
import { getEnergyTariff, getPublicSettings } from './settings.service';
import {
  getRetentionSettings,
  getSettingsStatus,
  setRetentionSettings,
  setSiteSettings,
} from './site-settings.service';

/** A saved section, then a 'settings.changed' live event: other admins' open pages re-read it (ADR 030). */
function announced<I, O>(section: SettingsSection, change: (caller: ChangeCaller, input: I) => Promise<O>) {
  return async (caller: ChangeCaller, input: I, deps: ChangeDeps): Promise<O> => {
    const saved = await change(caller, input);
    deps.bus.publish({ type: 'settings.changed', equipmentId: null, section });
    return saved;
  };
}

export const settingsRouter = router({
  public: publicProcedure.output(publicSettingsSchema).query(({ ctx }) => getPublicSettings(ctx.db)),
  /** Site name, default language and theme switching (administrators; audited with the old and new value). */
  setSite: changeProcedure('admin', siteSettingsInput, publicSettingsSchema, announced('site', setSiteSettings)),
  /** The energy tariff in force (every signed-in user: the energy page prices with it). */
  energyTariff: authenticatedProcedure.output(energyTariffSchema).query(({ ctx }) => getEnergyTariff(ctx.db)),
  /** Replaces the energy tariff (administrators; audited with the old and new value). */
  setEnergyTariff: changeProcedure(
    'admin',
    energyTariffSchema,
    energyTariffSchema,
    announced('energyTariff', setEnergyTariff),
  ),
  /** The weather provider and warning thresholds (every signed-in user: the weather page reads them). */
  weather: authenticatedProcedure.output(weatherSettingsSchema).query(({ ctx }) => getWeatherSettings(ctx.db)),
  /** Turns Open-Meteo on or off and sets the thresholds (administrators; audited). */
  setWeather: changeProcedure(
    'admin',
    weatherSettingsSchema,
    weatherSettingsSchema,
    announced('weather', setWeatherSettings),
  ),
  /** How long raw telemetry, 1-minute rollups and audit data are kept (administrators). */
  retention: adminProcedure.output(retentionSettingsSchema).query(({ ctx }) => getRetentionSettings(ctx.db)),
  /** Sets the retention periods (administrators; audited); the hourly job uses them from its next run. */
  setRetention: changeProcedure(
    'admin',
    retentionSettingsSchema,
    retentionSettingsSchema,
    announced('retention', setRetentionSettings),
  ),
  /** The alarm engine's threshold rules, warning and critical bands per equipment kind and metric (administrators). */
  thresholds: adminProcedure.output(thresholdRulesOutput).query(({ ctx }) => listThresholdRules(ctx.db)),
  /** New thresholds for the bands of one kind and metric (administrators; audited; the engine reloads at once). */
  setThresholds: changeProcedure('admin', setThresholdsInput, thresholdRulesOutput, setThresholds),
  /** The retention job's last run and the SMS and e-mail providers with their last message (administrators). */
  status: adminProcedure
    .output(settingsStatusOutput)
    .query(({ ctx }) => getSettingsStatus(ctx.db, { sms: ctx.auth.sms.name, email: ctx.email.name })),
});
