/**
 * The energy vocabulary as plain values, without zod: the /energy and /settings pages import these
 * at run time, and zod in their chunks would cost each route about 25 KB (gzip).
 */
/** The tariff modalities of group A (horária verde: one demand; horária azul: ponta and fora ponta demands). */
export const tariffModalities = ['verde', 'azul'] as const;
export type TariffModality = (typeof tariffModalities)[number];
/** The month's tariff flag ("bandeira tarifária"): an addition per kWh on every kWh of the month. */
export const tariffFlags = ['verde', 'amarela', 'vermelha1', 'vermelha2'] as const;
export type TariffFlag = (typeof tariffFlags)[number];

/** The kinds of load the consumption is split into; "other" is what the meters see beyond the devices. */
export const loadKinds = ['motors', 'lighting', 'hvac', 'it', 'other'] as const;
export type LoadKind = (typeof loadKinds)[number];
