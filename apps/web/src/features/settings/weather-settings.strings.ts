import { defineStrings } from '../../lib/i18n/strings';

/** The /settings page's Tempo section (admins). */
export const weatherSettingsStrings = defineStrings(
  {
    title: 'Tempo',
    description:
      'De onde vem a previsão e quando ela vira aviso. Desligado, nada sai da máquina: a página de tempo mostra só as estações do site.',
    loading: 'Carregando configurações...',
    loadFailed: 'Não foi possível carregar as configurações de tempo.',
    provider: 'Provedor de previsão',
    providerSensors: 'Só as estações do site (nenhuma consulta externa)',
    providerOpenMeteo: 'Open-Meteo (sem chave; consulta a internet)',
    heatWave: 'Onda de calor a partir de ({unit})',
    heatWaveHint: 'Um dia com máxima prevista igual ou acima disso gera um aviso.',
    stormWind: 'Tempestade: vento ou rajada a partir de ({unit})',
    stormRain: 'Tempestade: chuva no dia a partir de (mm)',
    save: 'Salvar',
    saving: 'Salvando...',
    saved: 'Configurações de tempo salvas!',
    saveFailed: 'Não foi possível salvar as configurações de tempo.',
    notNumber: 'Informe um número.',
  },
  {
    title: 'Weather',
    description:
      "Where the forecast comes from and when it becomes a warning. Off, nothing leaves the machine: the weather page shows the site's stations only.",
    loading: 'Loading settings...',
    loadFailed: 'Could not load the weather settings.',
    provider: 'Forecast provider',
    providerSensors: "The site's stations only (no outside request)",
    providerOpenMeteo: 'Open-Meteo (no key; asks the internet)',
    heatWave: 'Heat wave from ({unit})',
    heatWaveHint: 'A day whose forecast high reaches this gets a warning.',
    stormWind: 'Storm: wind or gust from ({unit})',
    stormRain: 'Storm: rain in the day from (mm)',
    save: 'Save',
    saving: 'Saving...',
    saved: 'Weather settings saved!',
    saveFailed: 'Could not save the weather settings.',
    notNumber: 'Enter a number.',
  },
);
