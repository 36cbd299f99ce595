import { energyTariffSchema, publicSettingsSchema } from '@sentinela/shared/settings';
import { authenticatedProcedure, publicProcedure, router } from '../../trpc/init';
import { adminMutation } from '../../trpc/procedures';
import { setEnergyTariff } from './energy-tariff.service';
import { getEnergyTariff, getPublicSettings } from './settings.service';
import { weatherSettingsSchema } from '@sentinela/shared/weather';
import { getWeatherSettings, setWeatherSettings } from '../weather/weather.service';

export const settingsRouter = router({
  public: publicProcedure.output(publicSettingsSchema).query(({ ctx }) => getPublicSettings(ctx.db)),
  /** The energy tariff in force (every signed-in user: the energy page prices with it). */
  energyTariff: authenticatedProcedure.output(energyTariffSchema).query(({ ctx }) => getEnergyTariff(ctx.db)),
  /** Replaces the energy tariff (administrators; audited with the old and new value). */
  setEnergyTariff: adminMutation(energyTariffSchema, energyTariffSchema, setEnergyTariff),
  /** The weather provider and warning thresholds (every signed-in user: the weather page reads them). */
  weather: authenticatedProcedure.output(weatherSettingsSchema).query(({ ctx }) => getWeatherSettings(ctx.db)),
  /** Turns Open-Meteo on or off and sets the thresholds (administrators; audited). */
  setWeather: adminMutation(weatherSettingsSchema, weatherSettingsSchema, setWeatherSettings),
});
