import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import { sql } from 'drizzle-orm';
import { users } from '@sentinela/db/schema/accounts';
import { rowsOf } from '@sentinela/db/sql-helpers';
import { equipment, facilities, rooms } from '@sentinela/db/schema/plant';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { listUsersInput } from '@sentinela/shared/auth';
import { equipmentListInput } from '@sentinela/shared/equipment';
import { facilitiesListInput } from '@sentinela/shared/facilities';
import { hvacListInput } from '@sentinela/shared/hvac';
import { lightsListInput } from '@sentinela/shared/lights';
import { motorListInput } from '@sentinela/shared/motors';
import { roomsListInput } from '@sentinela/shared/rooms';
import { listEquipment } from '../equipment/equipment.service';
import { listFacilities } from '../facilities/facilities.service';
import { listHvac } from '../hvac/hvac.service';
import { listLights } from '../lights/lights.service';
import { listMotors } from '../motors/motors.service';
import { listRooms } from '../rooms/rooms.service';
import { listUsers } from '../users/users.service';

// Every list's search ignores case and accents, on both sides: "camara" finds "Câmara Fria",
// "CÂMARA" finds "camara", and the user's % and _ stay literal.
describe.each(testDatabaseKinds())('accent- and case-insensitive search on %s', (kind) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const db = database.db;
    const [sao, ita] = await db
      .insert(facilities)
      .values([
        { code: 'sp', name: 'Usina São João', city: 'São Paulo', state: 'SP' },
        { code: 'ita', name: 'Fábrica Itaú', city: 'Itajaí', state: 'SC' },
      ])
      .returning();
    const [fria, quente] = await db
      .insert(rooms)
      .values([
        { facilityId: sao!.id, name: 'Câmara Fria' },
        { facilityId: ita!.id, name: 'camara quente' },
        { facilityId: ita!.id, name: 'Expedição' },
      ])
      .returning();
    await db.insert(equipment).values([
      {
        id: 'mtr-1',
        name: 'Compressor Câmara Fria',
        kind: 'motor',
        status: 'online',
        facilityId: sao!.id,
        roomId: fria!.id,
      },
      {
        id: 'mtr-2',
        name: 'Bomba Centrífuga 01',
        kind: 'motor',
        status: 'online',
        facilityId: sao!.id,
        location: 'CÂMARA 2',
      },
      { id: 'mtr-3', name: 'Esteira 100%', kind: 'motor', status: 'online', facilityId: ita!.id },
      { id: 'lgt-1', name: 'Luminária Câmara', kind: 'light', status: 'online', facilityId: sao!.id, roomId: fria!.id },
      { id: 'lgt-2', name: 'Refletor Pátio', kind: 'light', status: 'online', facilityId: ita!.id, roomId: quente!.id },
      { id: 'hvac-1', name: 'Split Recepção', kind: 'hvac', status: 'online', facilityId: ita!.id },
    ]);
    const account = (name: string, email: string) => ({ name, email, passwordHash: 'x', role: 'viewer' as const });
    await db
      .insert(users)
      .values([
        account('João Conceição', 'joao@example.com'),
        account('Ângela Müller', 'angela@example.com'),
        account('Pedro Alves', 'pedro@example.com'),
      ]);
  });
  afterAll(() => database.close());

  it('finds "Câmara" by "camara", "CAMARA" and "câmara" in the equipment list', async () => {
    const ids = async (search: string) =>
      (await listEquipment(database.db, equipmentListInput.parse({ search }))).items.map((i) => i.id).sort();
    const all = ['lgt-1', 'mtr-1', 'mtr-2'];
    expect(await ids('camara')).toEqual(all);
    expect(await ids('CAMARA')).toEqual(all);
    expect(await ids('Câmara')).toEqual(all);
    expect(await ids('CÂMARA FRIA')).toEqual(['mtr-1']);
    expect(await ids('centrifuga')).toEqual(['mtr-2']);
    expect(await ids('patio')).toEqual(['lgt-2']);
    // Wildcards typed by the user stay literal.
    expect(await ids('100%')).toEqual(['mtr-3']);
    expect(await ids('0%')).toEqual(['mtr-3']);
    expect(await ids('c_mara')).toEqual([]);
  });

  it('finds a device by its new name once renamed, not by its old one (the folded search text follows)', async () => {
    const ids = async (search: string) =>
      (await listEquipment(database.db, equipmentListInput.parse({ search }))).items.map((i) => i.id);
    await database.db
      .update(equipment)
      .set({ name: 'Ventilador Exaustão' })
      .where(sql`${equipment.id} = 'hvac-1'`);
    expect(await ids('exaustao')).toEqual(['hvac-1']);
    expect(await ids('recepcao')).toEqual([]);
    await database.db
      .update(equipment)
      .set({ name: 'Split Recepção' })
      .where(sql`${equipment.id} = 'hvac-1'`);
    expect(await ids('recepcao')).toEqual(['hvac-1']);
  });

  it('finds rooms by room or facility name without accents', async () => {
    const names = async (search: string) =>
      (await listRooms(database.db, roomsListInput.parse({ search }))).items.map((r) => r.name).sort();
    expect(await names('camara')).toEqual(['Câmara Fria', 'camara quente']);
    expect(await names('CÂMARA')).toEqual(['Câmara Fria', 'camara quente']);
    expect(await names('expedicao')).toEqual(['Expedição']);
    expect(await names('sao joao')).toEqual(['Câmara Fria']);
    expect((await listRooms(database.db, roomsListInput.parse({ search: 'camara' }))).total).toBe(2);
  });

  it('finds facilities by name and city without accents', async () => {
    const codes = async (search: string) =>
      (await listFacilities(database.db, facilitiesListInput.parse({ search }))).items.map((f) => f.code);
    expect(await codes('SAO JOAO')).toEqual(['sp']);
    expect(await codes('itajai')).toEqual(['ita']);
    expect(await codes('fabrica itau')).toEqual(['ita']);
    expect(await codes('são paulo')).toEqual(['sp']);
  });

  it('finds motors, lights and HVAC units without accents', async () => {
    const motors = await listMotors(database.db, motorListInput.parse({ search: 'camara' }));
    expect(motors.items.map((i) => i.id).sort()).toEqual(['mtr-1', 'mtr-2']);
    const lights = await listLights(database.db, lightsListInput.parse({ search: 'LUMINARIA' }));
    expect(lights.items.map((i) => i.id)).toEqual(['lgt-1']);
    const hvac = await listHvac(database.db, hvacListInput.parse({ search: 'recepcao' }));
    expect(hvac.items.map((i) => i.id)).toEqual(['hvac-1']);
  });

  it('finds users by name without accents or case', async () => {
    const emails = async (search: string) =>
      (await listUsers(database.db, listUsersInput.parse({ search }))).items.map((u) => u.email).sort();
    expect(await emails('joao')).toEqual(['joao@example.com']);
    expect(await emails('CONCEICAO')).toEqual(['joao@example.com']);
    expect(await emails('angela muller')).toEqual(['angela@example.com']);
    expect(await emails('ÂNGELA')).toEqual(['angela@example.com']);
    expect(await emails('Pédro')).toEqual(['pedro@example.com']);
    expect((await listUsers(database.db, listUsersInput.parse({ search: 'joao' }))).total).toBe(1);
  });

  it('folds every accented Latin letter as Unicode does, and text typed decomposed too', async () => {
    const fold = async (text: string) =>
      rowsOf<{ folded: string }>(await database.db.execute(sql`select search_fold(${text}) as folded`))[0]?.folded;
    // Latin-1 and Latin Extended-A letters whose decomposition is a plain letter and marks.
    const letters = Array.from({ length: 0x180 - 0xc0 }, (_, i) => String.fromCodePoint(0xc0 + i)).filter((c) =>
      /^[A-Za-z]$/.test(c.normalize('NFD').replace(/[\u0300-\u036f]/g, '')),
    );
    const plain = letters
      .map((c) =>
        c
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase(),
      )
      .join('');
    expect(await fold(letters.join(''))).toBe(plain);
    expect(await fold('Ca\u0302mara Fri\u0301a')).toBe('camara fria');
    expect(await fold('ØRSTED Łódź')).toBe('orsted lodz');
    expect(await fold('50%_a\\b')).toBe('50%_a\\b');
  });
});
