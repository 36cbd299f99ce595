import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hvacListInput } from './hvac';
import { motorListInput } from './motors';
import { countsOf, deviceItemBase, deviceListFilters, equipmentIdSchema, equipmentStatusValues } from './plant';

const messagesOf = (result: { error?: z.ZodError }) => result.error?.issues.map((issue) => issue.message);

describe('countsOf', () => {
  const counts = countsOf(['total', ...equipmentStatusValues]);
  it('takes one integer per key', () => {
    const value = { total: 3, online: 1, offline: 1, maintenance: 0, error: 1 };
    expect(counts.parse(value)).toEqual(value);
  });
  it('refuses a missing key and a fraction', () => {
    expect(counts.safeParse({ total: 3, online: 1, offline: 1, maintenance: 0 }).success).toBe(false);
    expect(counts.safeParse({ total: 3, online: 1.5, offline: 1, maintenance: 0, error: 1 }).success).toBe(false);
  });
});

describe('equipmentIdSchema', () => {
  it('trims and accepts lower-case ids up to 64 characters', () => {
    expect(equipmentIdSchema.parse(' motor-01 ')).toBe('motor-01');
    expect(equipmentIdSchema.safeParse('a'.repeat(64)).success).toBe(true);
    expect(equipmentIdSchema.safeParse('a'.repeat(65)).success).toBe(false);
  });
  it('refuses other characters with its message key', () => {
    expect(messagesOf(equipmentIdSchema.safeParse('Motor 1'))).toEqual(['validation.equipmentId']);
  });
});

describe('deviceListFilters', () => {
  const filters = z.object(deviceListFilters);
  it('reads a blank search as none and refuses one above 120 characters', () => {
    expect(filters.parse({ search: '   ' }).search).toBeUndefined();
    expect(filters.parse({ search: ' pump ' }).search).toBe('pump');
    expect(filters.safeParse({ search: 'x'.repeat(120) }).success).toBe(true);
    expect(filters.safeParse({ search: 'x'.repeat(121) }).success).toBe(false);
  });
  it('refuses a bad facility or room id with their message keys', () => {
    expect(messagesOf(filters.safeParse({ facilityId: 'x' }))).toEqual(['validation.facilityId']);
    expect(messagesOf(filters.safeParse({ roomId: 'x' }))).toEqual(['validation.roomId']);
    expect(filters.safeParse({ status: 'broken' }).success).toBe(false);
  });
});

describe('the kinds built on the device filters', () => {
  it('keep their own defaults and page size limits', () => {
    expect(motorListInput.parse(undefined)).toEqual({ search: undefined, page: 1, pageSize: 25 });
    expect(hvacListInput.parse(undefined)).toEqual({ search: undefined, page: 1, pageSize: 25 });
    expect(motorListInput.safeParse({ pageSize: 200 }).success).toBe(true);
    expect(motorListInput.safeParse({ pageSize: 201 }).success).toBe(false);
    expect(hvacListInput.safeParse({ pageSize: 201 }).success).toBe(false);
    expect(motorListInput.parse({ power: 'on' }).power).toBe('on');
  });
  it('keep the device item fields', () => {
    expect(Object.keys(deviceItemBase.shape).sort()).toEqual(
      ['facilityId', 'facilityName', 'id', 'location', 'lockedBy', 'name', 'roomId', 'roomName', 'status'].sort(),
    );
  });
});
