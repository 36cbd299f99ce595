import type { EquipmentKind } from '@sentinela/shared/plant';

/** Grammatical gender in Portuguese: 'Bomba Centrífuga 01 desligada', 'Motor 02 desligado'. */
export type Gender = 'm' | 'f';

/**
 * The product words equipment names start with, by gender (accents and case folded). The word
 * for the kind decides when the name starts with none of them ('a luminária', 'a unidade').
 */
const genderOfWord: Record<string, Gender> = {
  motor: 'm',
  compressor: 'm',
  ventilador: 'm',
  exaustor: 'm',
  misturador: 'm',
  agitador: 'm',
  moinho: 'm',
  britador: 'm',
  transportador: 'm',
  elevador: 'm',
  refletor: 'm',
  projetor: 'm',
  rooftop: 'm',
  self: 'm',
  split: 'm',
  chiller: 'm',
  fancoil: 'm',
  condicionador: 'm',
  medidor: 'm',
  rack: 'm',
  servidor: 'm',
  sensor: 'm',
  gateway: 'm',
  bomba: 'f',
  prensa: 'f',
  enchedora: 'f',
  envasadora: 'f',
  esteira: 'f',
  maquina: 'f',
  valvula: 'f',
  torre: 'f',
  luminaria: 'f',
  lampada: 'f',
  luz: 'f',
  unidade: 'f',
  camara: 'f',
  estacao: 'f',
};

const genderOfKind: Record<EquipmentKind, Gender> = {
  motor: 'm',
  light: 'f',
  hvac: 'f',
  meter: 'm',
  server: 'm',
  sensor: 'm',
  gateway: 'm',
};

const fold = (word: string) =>
  word
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The gender a Portuguese sentence about this equipment agrees with. */
export function equipmentGender(name: string, kind: EquipmentKind): Gender {
  const first = fold(name.trim().split(/[\s\-_/]+/, 1)[0] ?? '');
  return genderOfWord[first] ?? genderOfKind[kind];
}
