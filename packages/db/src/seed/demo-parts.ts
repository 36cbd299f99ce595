import { randomUUID } from 'node:crypto';
import type { SupplierCategory } from '@sentinela/shared/procurement-values';
import type { parts, partStock, stockLocations, stockMovements, workOrderParts } from '../schema/procurement';
import type { Random } from './seeded-random';
import { DAY_MS } from './site-calendar';

type NewPart = typeof parts.$inferInsert & { id: string };
type Kind = 'motor' | 'light' | 'hvac' | 'meter' | 'server' | 'sensor' | 'gateway';
type Unit = NonNullable<NewPart['unit']>;

/**
 * The demo's spare parts (issue 15): what a plant's storeroom holds for its motors, lighting,
 * HVAC and panels — code, description, unit, minimum, the supplier category it is bought from,
 * compatible equipment kinds, and the stock it has today ("low": under its minimum).
 */
// One part a line reads as the storeroom's list.
// prettier-ignore
const CATALOGUE: {
  code: string;
  description: string;
  unit: Unit;
  minimum: number;
  category: SupplierCategory;
  kinds: Kind[];
  low?: boolean;
}[] = [
  { code: 'ROL-6205-2RS', description: 'Rolamento rígido de esferas 6205-2RS', unit: 'un', minimum: 6, category: 'motors_drives', kinds: ['motor'] },
  { code: 'ROL-6206-ZZ', description: 'Rolamento rígido de esferas 6206-ZZ', unit: 'un', minimum: 6, category: 'motors_drives', kinds: ['motor'], low: true },
  { code: 'ROL-6308-2Z', description: 'Rolamento 6308-2Z C3 (motores acima de 30 cv)', unit: 'un', minimum: 4, category: 'motors_drives', kinds: ['motor'] },
  { code: 'ROL-6309-C3', description: 'Rolamento 6309 C3', unit: 'un', minimum: 2, category: 'motors_drives', kinds: ['motor'] },
  { code: 'RET-35x52', description: 'Retentor 35 × 52 × 7 mm NBR', unit: 'un', minimum: 8, category: 'motors_drives', kinds: ['motor'] },
  { code: 'COR-A42', description: 'Correia em V perfil A-42', unit: 'un', minimum: 6, category: 'motors_drives', kinds: ['motor', 'hvac'] },
  { code: 'COR-B55', description: 'Correia em V perfil B-55', unit: 'un', minimum: 4, category: 'motors_drives', kinds: ['motor', 'hvac'], low: true },
  { code: 'ACO-L100', description: 'Elemento elástico para acoplamento L-100', unit: 'un', minimum: 3, category: 'motors_drives', kinds: ['motor'] },
  { code: 'GRX-LI2', description: 'Graxa de lítio NLGI 2 (rolamentos)', unit: 'kg', minimum: 5, category: 'motors_drives', kinds: ['motor'] },
  { code: 'VENT-132', description: 'Ventilador traseiro para motor carcaça 132', unit: 'un', minimum: 1, category: 'motors_drives', kinds: ['motor'] },
  { code: 'CONT-9A', description: 'Contator tripolar 9 A bobina 220 V', unit: 'un', minimum: 4, category: 'electrical', kinds: ['motor', 'hvac'] },
  { code: 'CONT-25A', description: 'Contator tripolar 25 A bobina 220 V', unit: 'un', minimum: 3, category: 'electrical', kinds: ['motor', 'hvac'] },
  { code: 'CONT-40A', description: 'Contator tripolar 40 A bobina 220 V', unit: 'un', minimum: 2, category: 'electrical', kinds: ['motor'], low: true },
  { code: 'REL-TERM-12', description: 'Relé térmico 9–13 A', unit: 'un', minimum: 3, category: 'electrical', kinds: ['motor'] },
  { code: 'DISJ-MP-16', description: 'Disjuntor motor 10–16 A', unit: 'un', minimum: 2, category: 'electrical', kinds: ['motor', 'hvac'] },
  { code: 'DISJ-C20', description: 'Minidisjuntor tripolar C20', unit: 'un', minimum: 4, category: 'electrical', kinds: ['light', 'hvac'] },
  { code: 'FUS-NH00-63', description: 'Fusível NH00 63 A gL/gG', unit: 'un', minimum: 9, category: 'electrical', kinds: ['motor'] },
  { code: 'FUS-NH00-100', description: 'Fusível NH00 100 A gL/gG', unit: 'un', minimum: 6, category: 'electrical', kinds: ['motor'] },
  { code: 'FUS-D02-25', description: 'Fusível Diazed D02 25 A', unit: 'un', minimum: 10, category: 'electrical', kinds: ['light'] },
  { code: 'CAP-30UF', description: 'Capacitor de partida 30 µF 440 V', unit: 'un', minimum: 4, category: 'electrical', kinds: ['motor', 'hvac'] },
  { code: 'CAP-45UF', description: 'Capacitor permanente 45 µF 440 V (compressor)', unit: 'un', minimum: 3, category: 'hvac', kinds: ['hvac'], low: true },
  { code: 'BOB-220', description: 'Bobina 220 V para contator 9–32 A', unit: 'un', minimum: 4, category: 'electrical', kinds: ['motor', 'hvac'] },
  { code: 'CABO-2.5', description: 'Cabo flexível 2,5 mm² 750 V preto', unit: 'm', minimum: 100, category: 'electrical', kinds: ['light', 'motor'] },
  { code: 'CABO-6.0', description: 'Cabo flexível 6 mm² 750 V azul', unit: 'm', minimum: 50, category: 'electrical', kinds: ['motor'] },
  { code: 'TERM-6', description: 'Terminal tubular isolado 6 mm² (cx 100)', unit: 'cx', minimum: 2, category: 'electrical', kinds: ['motor', 'light'] },
  { code: 'FITA-ISO', description: 'Fita isolante 19 mm × 20 m', unit: 'rl', minimum: 10, category: 'electrical', kinds: [] },
  { code: 'LED-T8-18', description: 'Lâmpada tubular LED T8 18 W 6500 K', unit: 'un', minimum: 20, category: 'lighting', kinds: ['light'] },
  { code: 'LED-HB-150', description: 'Luminária LED high bay 150 W', unit: 'un', minimum: 2, category: 'lighting', kinds: ['light'] },
  { code: 'DRV-LED-150', description: 'Driver LED 150 W 0–10 V', unit: 'un', minimum: 3, category: 'lighting', kinds: ['light'], low: true },
  { code: 'DRV-LED-60', description: 'Driver LED 60 W 1400 mA', unit: 'un', minimum: 4, category: 'lighting', kinds: ['light'] },
  { code: 'REAT-VS-250', description: 'Reator vapor de sódio 250 W', unit: 'un', minimum: 2, category: 'lighting', kinds: ['light'] },
  { code: 'REL-FOTO', description: 'Relé fotoelétrico 1000 W 220 V', unit: 'un', minimum: 4, category: 'lighting', kinds: ['light'] },
  { code: 'FILT-G4-592', description: 'Filtro de ar G4 592 × 592 × 48 mm', unit: 'un', minimum: 12, category: 'hvac', kinds: ['hvac'] },
  { code: 'FILT-F7-592', description: 'Filtro bolsa F7 592 × 592 × 600 mm', unit: 'un', minimum: 6, category: 'hvac', kinds: ['hvac'] },
  { code: 'GAS-R410A', description: 'Fluido refrigerante R-410A (cilindro 11,3 kg)', unit: 'kg', minimum: 10, category: 'hvac', kinds: ['hvac'] },
  { code: 'SENS-NTC-10K', description: 'Sensor de temperatura NTC 10 kΩ', unit: 'un', minimum: 4, category: 'hvac', kinds: ['hvac', 'sensor'] },
  { code: 'FONTE-24V', description: 'Fonte chaveada 24 Vcc 5 A trilho DIN', unit: 'un', minimum: 2, category: 'automation', kinds: ['gateway', 'sensor'] },
  { code: 'BAT-NOBREAK-12V', description: 'Bateria selada 12 V 9 Ah (nobreak)', unit: 'un', minimum: 8, category: 'electrical', kinds: ['server', 'gateway'] },
  { code: 'TC-200-5', description: 'Transformador de corrente 200/5 A', unit: 'un', minimum: 2, category: 'electrical', kinds: ['meter'] },
  { code: 'MULT-KIT-VED', description: 'Kit de vedação para caixa de ligação', unit: 'jg', minimum: 3, category: 'motors_drives', kinds: ['motor'] },
];

export const DEMO_STOCK_LOCATIONS = ['Almoxarifado central', 'Almoxarifado da oficina'] as const;
/** The reason of the demo's opening balances. */
export const INITIAL_INVENTORY_REASON = 'Inventário inicial';

export interface DemoPartsInput {
  now: number;
  random: Random;
  /** Suppliers already in the database: a part prefers the first one selling its category (none: no preference). */
  suppliers: readonly { id: string; categories: readonly string[] }[];
  /** The demo's completed orders and the kind of their equipment: each takes a part or two. */
  completedOrders: readonly {
    id: string;
    completedAt: Date;
    completedBy: string | null;
    equipmentKind: string | null;
  }[];
  /** Who counted the opening stock. */
  counterId: string | null;
}

/**
 * The demo's parts, two locations, opening balances as `adjusted` movements ("Inventário
 * inicial"), a transfer to the workshop, and the parts the completed orders consumed — with
 * part_stock equal to the sum of the movements, a few parts left under their minimum.
 */
export function demoParts(input: DemoPartsInput) {
  const { now, random } = input;
  const locations: (typeof stockLocations.$inferInsert & { id: string })[] = DEMO_STOCK_LOCATIONS.map((name) => ({
    id: randomUUID(),
    name,
  }));
  const [central, workshop] = locations.map((l) => l.id) as [string, string];
  const supplierFor = (category: string) => input.suppliers.find((s) => s.categories.includes(category))?.id ?? null;
  const partRows: NewPart[] = CATALOGUE.map((p) => ({
    id: randomUUID(),
    code: p.code,
    description: p.description,
    unit: p.unit,
    minimumStock: String(p.minimum),
    preferredSupplierId: supplierFor(p.category),
    defaultLocationId: central,
    compatibleKinds: p.kinds,
  }));

  // What the completed orders took: one or two compatible parts each, from the central storeroom.
  const consumed = new Map<string, number>();
  const lines: (typeof workOrderParts.$inferInsert)[] = [];
  const movements: (typeof stockMovements.$inferInsert)[] = [];
  for (const order of input.completedOrders) {
    const fits = partRows.filter(
      (p) => order.equipmentKind && p.compatibleKinds?.includes(order.equipmentKind as Kind),
    );
    if (fits.length === 0) continue;
    const taken = new Set<NewPart>();
    for (let i = random.int(1, 2); i > 0; i--) taken.add(random.pick(fits));
    for (const part of taken) {
      const quantity = part.unit === 'm' ? random.int(2, 10) : part.unit === 'kg' ? 1 : random.int(1, 2);
      consumed.set(part.id, (consumed.get(part.id) ?? 0) + quantity);
      lines.push({
        workOrderId: order.id,
        partId: part.id,
        locationId: central,
        quantity: String(quantity),
        consumedAt: order.completedAt,
        createdBy: order.completedBy,
        createdAt: order.completedAt,
      });
      movements.push({
        partId: part.id,
        kind: 'consumed',
        quantity: String(quantity),
        fromLocationId: central,
        workOrderId: order.id,
        createdBy: order.completedBy,
        createdAt: order.completedAt,
      });
    }
  }

  // Opening balances before the first consumption, so no balance ever went below zero.
  const first = Math.min(now - 30 * DAY_MS, ...input.completedOrders.map((o) => o.completedAt.getTime()));
  const countedAt = new Date(first - DAY_MS);
  const stock: (typeof partStock.$inferInsert)[] = [];
  for (const [i, part] of partRows.entries()) {
    const spec = CATALOGUE[i];
    if (!spec) continue;
    const today = spec.low ? random.int(0, Math.max(0, spec.minimum - 1)) : random.int(spec.minimum, spec.minimum * 3);
    const used = consumed.get(part.id) ?? 0;
    const opening = today + used;
    // A share of the motor and lighting parts is kept in the workshop.
    const atWorkshop =
      !spec.low && today >= 4 && spec.kinds.some((k) => k === 'motor' || k === 'light') ? Math.floor(today / 4) : 0;
    if (opening > 0)
      movements.push({
        partId: part.id,
        kind: 'adjusted',
        quantity: String(opening),
        toLocationId: central,
        reason: INITIAL_INVENTORY_REASON,
        createdBy: input.counterId,
        createdAt: countedAt,
      });
    if (atWorkshop > 0)
      movements.push({
        partId: part.id,
        kind: 'transferred',
        quantity: String(atWorkshop),
        fromLocationId: central,
        toLocationId: workshop,
        createdBy: input.counterId,
        createdAt: new Date(countedAt.getTime() + 2 * 3_600_000),
      });
    if (opening > 0) stock.push({ partId: part.id, locationId: central, quantity: String(today - atWorkshop) });
    if (atWorkshop > 0) stock.push({ partId: part.id, locationId: workshop, quantity: String(atWorkshop) });
  }
  return { locations, parts: partRows, stock, movements, lines, belowMinimum: CATALOGUE.filter((p) => p.low).length };
}
