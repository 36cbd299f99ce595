// A metric's value in the user's units (°C/°F by language, mm/s, power factor…): the module the
// alert sentences use (packages/shared alert-text.ts), so a value reads the same everywhere.
export { formatMetricValue } from '@sentinela/shared/alert-text';
