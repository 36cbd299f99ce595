/**
 * What the demo site is made of: two Brazilian facilities (a plant and a distribution center), the
 * disaster-recovery data center's building, their rooms and what each room holds, and three data
 * centers (each backed by the server room of one of these facilities). Plain data;
 * demo-equipment.ts turns it into rows.
 */
export type Schedule = 'production' | 'office' | 'continuous' | 'outdoor';
export type MotorDuty = 'shift' | 'continuous';

export interface MotorGroup {
  name: string;
  count: number;
  powerKw: number;
  poles: 2 | 4 | 6;
  duty: MotorDuty;
  /** Typical share of the rated power the driven machine asks for. */
  load: number;
}

export interface HvacGroup {
  name: string;
  count: number;
  coolingKw: number;
  setpoint: number;
  schedule: Schedule;
}

export interface RoomPlan {
  key: string;
  name: string;
  kind: 'production' | 'utility' | 'office' | 'warehouse' | 'server-room' | 'cold-storage' | 'outdoor';
  schedule: Schedule;
  /** Unmetered small loads (sockets, controls) at full activity, kW. */
  baseKw: number;
  /** Typical power factor of the feeder, after the capacitor bank. */
  powerFactor: number;
  lights: { count: number; powerW: number; name: string; eco?: boolean };
  motors?: MotorGroup[];
  hvac?: HvacGroup[];
  racks?: number;
  sensors?: number;
}

export interface FacilityPlan {
  code: string;
  /** The short site part of equipment ids: mtr-<idCode>-001. */
  idCode: string;
  name: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  /** 3: production round the clock on weekdays; 2: 06:00–22:00. */
  shifts: 2 | 3;
  /** Mean outdoor temperature per month (°C, Jan…Dec) and the usual daily swing. */
  climate: { monthlyMeanC: readonly number[]; dailySwingC: number; humidity: number };
  mainMeterMaxKw: number;
  rooms: RoomPlan[];
}

export const demoFacilities: FacilityPlan[] = [
  {
    code: 'campinas',
    idCode: 'cps',
    name: 'Planta Campinas',
    city: 'Campinas',
    state: 'SP',
    latitude: -22.9064,
    longitude: -47.0616,
    shifts: 3,
    climate: {
      monthlyMeanC: [24.5, 24.7, 24.2, 22.5, 20, 18.8, 18.6, 20.2, 21.8, 23.1, 23.6, 24.1],
      dailySwingC: 10,
      humidity: 68,
    },
    mainMeterMaxKw: 2500,
    rooms: [
      {
        key: 'galpao-a',
        name: 'Galpão de Produção A',
        kind: 'production',
        schedule: 'production',
        baseKw: 25,
        powerFactor: 0.94,
        lights: { count: 48, powerW: 150, name: 'Luminária Galpão A' },
        motors: [
          { name: 'Motor Esteira', count: 5, powerKw: 7.5, poles: 4, duty: 'shift', load: 0.7 },
          { name: 'Misturador', count: 3, powerKw: 22, poles: 4, duty: 'shift', load: 0.75 },
          { name: 'Exaustor', count: 2, powerKw: 11, poles: 4, duty: 'shift', load: 0.65 },
        ],
      },
      {
        key: 'galpao-b',
        name: 'Galpão de Produção B',
        kind: 'production',
        schedule: 'production',
        baseKw: 30,
        powerFactor: 0.94,
        lights: { count: 48, powerW: 150, name: 'Luminária Galpão B' },
        motors: [
          { name: 'Motor Esteira', count: 5, powerKw: 7.5, poles: 4, duty: 'shift', load: 0.7 },
          { name: 'Prensa Hidráulica', count: 2, powerKw: 30, poles: 4, duty: 'shift', load: 0.7 },
          { name: 'Moinho', count: 1, powerKw: 45, poles: 4, duty: 'shift', load: 0.8 },
          { name: 'Exaustor', count: 2, powerKw: 11, poles: 4, duty: 'shift', load: 0.65 },
        ],
      },
      {
        key: 'envase',
        name: 'Linha de Envase',
        kind: 'production',
        schedule: 'production',
        baseKw: 15,
        powerFactor: 0.95,
        lights: { count: 30, powerW: 100, name: 'Luminária Envase' },
        motors: [
          { name: 'Motor Esteira', count: 3, powerKw: 5.5, poles: 4, duty: 'shift', load: 0.65 },
          { name: 'Enchedora', count: 1, powerKw: 15, poles: 4, duty: 'shift', load: 0.7 },
          { name: 'Bomba Dosadora', count: 2, powerKw: 3, poles: 4, duty: 'shift', load: 0.6 },
        ],
        hvac: [{ name: 'Rooftop Linha de Envase', count: 1, coolingKw: 70, setpoint: 24, schedule: 'production' }],
      },
      {
        key: 'compressores',
        name: 'Casa de Compressores',
        kind: 'utility',
        schedule: 'continuous',
        baseKw: 5,
        powerFactor: 0.935,
        lights: { count: 8, powerW: 100, name: 'Luminária Compressores' },
        motors: [{ name: 'Compressor', count: 3, powerKw: 55, poles: 2, duty: 'continuous', load: 0.8 }],
      },
      {
        key: 'bombeamento',
        name: 'Estação de Bombeamento',
        kind: 'utility',
        schedule: 'continuous',
        baseKw: 3,
        powerFactor: 0.945,
        lights: { count: 6, powerW: 100, name: 'Luminária Bombeamento' },
        motors: [
          { name: 'Bomba Centrífuga', count: 4, powerKw: 18.5, poles: 2, duty: 'continuous', load: 0.75 },
          { name: 'Ventilador Torre de Resfriamento', count: 2, powerKw: 11, poles: 6, duty: 'continuous', load: 0.7 },
        ],
      },
      {
        key: 'escritorios',
        name: 'Escritórios Administrativos',
        kind: 'office',
        schedule: 'office',
        baseKw: 12,
        powerFactor: 0.96,
        lights: { count: 40, powerW: 36, name: 'Luminária Escritório' },
        hvac: [{ name: 'Self Contained Escritórios', count: 2, coolingKw: 35, setpoint: 23, schedule: 'office' }],
      },
      {
        key: 'almoxarifado',
        name: 'Almoxarifado',
        kind: 'warehouse',
        schedule: 'production',
        baseKw: 4,
        powerFactor: 0.95,
        lights: { count: 24, powerW: 150, name: 'Luminária Almoxarifado', eco: true },
      },
      {
        key: 'servidores',
        name: 'Sala de Servidores',
        kind: 'server-room',
        schedule: 'continuous',
        baseKw: 2,
        powerFactor: 0.97,
        lights: { count: 8, powerW: 36, name: 'Luminária Sala de Servidores' },
        hvac: [{ name: 'Ar de Precisão', count: 2, coolingKw: 30, setpoint: 22, schedule: 'continuous' }],
        racks: 10,
      },
      {
        key: 'externa',
        name: 'Área Externa',
        kind: 'outdoor',
        schedule: 'outdoor',
        baseKw: 0.5,
        powerFactor: 0.95,
        lights: { count: 14, powerW: 100, name: 'Refletor Pátio' },
        sensors: 1,
      },
    ],
  },
  {
    code: 'joinville',
    idCode: 'jlle',
    name: 'Centro de Distribuição Joinville',
    city: 'Joinville',
    state: 'SC',
    latitude: -26.3045,
    longitude: -48.8487,
    shifts: 2,
    climate: {
      monthlyMeanC: [25.5, 25.6, 24.8, 22.4, 19.6, 17.6, 17, 17.9, 19.3, 21.1, 22.9, 24.4],
      dailySwingC: 8,
      humidity: 80,
    },
    mainMeterMaxKw: 1000,
    rooms: [
      {
        key: 'armazem',
        name: 'Armazém Principal',
        kind: 'warehouse',
        schedule: 'production',
        baseKw: 10,
        powerFactor: 0.945,
        lights: { count: 60, powerW: 150, name: 'Luminária Armazém', eco: true },
        motors: [
          { name: 'Motor Esteira', count: 5, powerKw: 5.5, poles: 4, duty: 'shift', load: 0.6 },
          { name: 'Sorter', count: 2, powerKw: 11, poles: 4, duty: 'shift', load: 0.65 },
        ],
      },
      {
        key: 'doca',
        name: 'Doca de Expedição',
        kind: 'warehouse',
        schedule: 'production',
        baseKw: 4,
        powerFactor: 0.95,
        lights: { count: 24, powerW: 150, name: 'Luminária Doca' },
        motors: [{ name: 'Motor Porta Rápida', count: 4, powerKw: 1.5, poles: 4, duty: 'shift', load: 0.45 }],
      },
      {
        key: 'camara-fria',
        name: 'Câmara Fria',
        kind: 'cold-storage',
        schedule: 'continuous',
        baseKw: 2,
        powerFactor: 0.94,
        lights: { count: 12, powerW: 60, name: 'Luminária Câmara Fria' },
        motors: [
          { name: 'Compressor Frigorífico', count: 2, powerKw: 30, poles: 2, duty: 'continuous', load: 0.75 },
          { name: 'Ventilador Evaporador', count: 2, powerKw: 2.2, poles: 4, duty: 'continuous', load: 0.7 },
        ],
      },
      {
        key: 'compressores',
        name: 'Casa de Compressores',
        kind: 'utility',
        schedule: 'continuous',
        baseKw: 2,
        powerFactor: 0.94,
        lights: { count: 4, powerW: 100, name: 'Luminária Compressores' },
        motors: [
          { name: 'Compressor', count: 1, powerKw: 37, poles: 2, duty: 'continuous', load: 0.7 },
          { name: 'Bomba de Recalque', count: 2, powerKw: 7.5, poles: 2, duty: 'continuous', load: 0.6 },
        ],
      },
      {
        key: 'escritorios',
        name: 'Escritórios',
        kind: 'office',
        schedule: 'office',
        baseKw: 5,
        powerFactor: 0.96,
        lights: { count: 20, powerW: 36, name: 'Luminária Escritório' },
        hvac: [{ name: 'Split Escritórios', count: 2, coolingKw: 10.5, setpoint: 23, schedule: 'office' }],
      },
      {
        key: 'servidores',
        name: 'Sala de Servidores',
        kind: 'server-room',
        schedule: 'continuous',
        baseKw: 1,
        powerFactor: 0.97,
        lights: { count: 4, powerW: 36, name: 'Luminária Sala de Servidores' },
        hvac: [{ name: 'Ar de Precisão', count: 1, coolingKw: 15, setpoint: 22, schedule: 'continuous' }],
        racks: 4,
      },
      {
        key: 'externa',
        name: 'Área Externa',
        kind: 'outdoor',
        schedule: 'outdoor',
        baseKw: 0.5,
        powerFactor: 0.95,
        lights: { count: 12, powerW: 100, name: 'Refletor Pátio' },
        sensors: 1,
      },
    ],
  },
  {
    // The disaster-recovery data center: a building of its own, all of it there for the racks.
    code: 'rio',
    idCode: 'rio',
    name: 'Data Center Rio de Janeiro',
    city: 'Rio de Janeiro',
    state: 'RJ',
    latitude: -22.9068,
    longitude: -43.1729,
    shifts: 2,
    climate: {
      monthlyMeanC: [26.5, 27, 26.4, 24.8, 23, 21.8, 21.3, 21.8, 22.2, 23, 24.4, 25.6],
      dailySwingC: 7,
      humidity: 79,
    },
    mainMeterMaxKw: 250,
    rooms: [
      {
        key: 'sala-dados',
        name: 'Sala de Dados',
        kind: 'server-room',
        schedule: 'continuous',
        // UPS and PDU losses, access control, fire detection.
        baseKw: 3,
        powerFactor: 0.97,
        lights: { count: 12, powerW: 36, name: 'Luminária Sala de Dados' },
        hvac: [{ name: 'Ar de Precisão', count: 2, coolingKw: 40, setpoint: 22, schedule: 'continuous' }],
        racks: 8,
      },
      {
        key: 'noc',
        name: 'Sala de Operação (NOC)',
        kind: 'office',
        schedule: 'continuous',
        baseKw: 2,
        powerFactor: 0.96,
        lights: { count: 6, powerW: 36, name: 'Luminária NOC' },
        hvac: [{ name: 'Split NOC', count: 1, coolingKw: 7, setpoint: 23, schedule: 'continuous' }],
      },
      {
        key: 'externa',
        name: 'Área Externa',
        kind: 'outdoor',
        schedule: 'outdoor',
        baseKw: 0.3,
        powerFactor: 0.95,
        lights: { count: 4, powerW: 100, name: 'Refletor Pátio' },
        sensors: 1,
      },
    ],
  },
];

export interface DataCenterPlan {
  name: string;
  region: string;
  latitude: number;
  longitude: number;
  function: 'primary' | 'disaster-recovery' | 'edge';
  ipAddress: string;
  /** The facility whose server room it is (its racks and meters), if any. */
  facilityCode: string | null;
}

export const demoDataCenters: DataCenterPlan[] = [
  {
    name: 'Data Center Campinas',
    region: 'São Paulo (Sudeste)',
    latitude: -22.9064,
    longitude: -47.0616,
    function: 'primary',
    ipAddress: '10.10.0.10',
    facilityCode: 'campinas',
  },
  {
    name: 'Data Center Rio de Janeiro',
    region: 'Rio de Janeiro (Sudeste)',
    latitude: -22.9068,
    longitude: -43.1729,
    function: 'disaster-recovery',
    ipAddress: '10.20.0.10',
    facilityCode: 'rio',
  },
  {
    name: 'Edge Joinville',
    region: 'Santa Catarina (Sul)',
    latitude: -26.3045,
    longitude: -48.8487,
    function: 'edge',
    ipAddress: '10.30.0.10',
    facilityCode: 'joinville',
  },
];
