import { defineStrings } from './strings';

/**
 * Alert texts (message keys, packages/shared alert-messages.ts) and the names of the rules a
 * site starts with (their name keys), for every page that shows an alert: the alerts page, the
 * dashboard, live toasts. A seeded rule's Portuguese name here is the seed's, to the letter.
 */
export const alertStrings = defineStrings(
  {
    'message.above': '{rule} acima do limite: {value} (limite {threshold})',
    'message.below': '{rule} abaixo do limite: {value} (limite {threshold})',
    'message.silence': 'Equipamento sem comunicação',
    'message.silenceSeconds': 'Equipamento sem comunicação há mais de {seconds} s',
    'message.brokerDropped': 'Broker MQTT descartou mensagens: {count}',
    'message.demandOver':
      'Ultrapassagem de demanda em {facility}: {peak} em 15 min, contratada {contracted}{post} (tolerância de 5 %)',
    'message.demandNear': 'Demanda perto da contratada em {facility}: {peak} em 15 min, contratada {contracted}{post}',
    'message.demandPonta': ' na ponta',
    'rule.motorTempWarning': 'Temperatura do motor alta',
    'rule.motorTempCritical': 'Temperatura do motor crítica',
    'rule.vibrationWarning': 'Vibração do motor: zona C (ISO 10816, classe II)',
    'rule.vibrationCritical': 'Vibração do motor: zona D (ISO 10816, classe II)',
    'rule.lowPowerFactor': 'Fator de potência baixo',
    'rule.supplyAirHigh': 'Temperatura de insuflamento alta',
    'rule.rackInletWarning': 'Entrada do rack acima da faixa recomendada (ASHRAE)',
    'rule.rackInletCritical': 'Entrada do rack acima do limite permitido (ASHRAE A1)',
  },
  {
    'message.above': '{rule} above the limit: {value} (limit {threshold})',
    'message.below': '{rule} below the limit: {value} (limit {threshold})',
    'message.silence': 'Equipment not reporting',
    'message.silenceSeconds': 'Equipment not reporting for more than {seconds} s',
    'message.brokerDropped': 'MQTT broker dropped messages: {count}',
    'message.demandOver':
      'Demand overrun at {facility}: {peak} over 15 min, contracted {contracted}{post} (5 % tolerance)',
    'message.demandNear':
      'Demand close to the contracted value at {facility}: {peak} over 15 min, contracted {contracted}{post}',
    'message.demandPonta': ' at peak hours',
    'rule.motorTempWarning': 'Motor temperature high',
    'rule.motorTempCritical': 'Motor temperature critical',
    'rule.vibrationWarning': 'Motor vibration: zone C (ISO 10816, class II)',
    'rule.vibrationCritical': 'Motor vibration: zone D (ISO 10816, class II)',
    'rule.lowPowerFactor': 'Low power factor',
    'rule.supplyAirHigh': 'Supply air temperature high',
    'rule.rackInletWarning': 'Rack inlet above the recommended range (ASHRAE)',
    'rule.rackInletCritical': 'Rack inlet above the allowable limit (ASHRAE A1)',
  },
);
