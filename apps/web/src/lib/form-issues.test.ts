import { describe, expect, it } from 'vitest';
import { clientIssues, fieldOf, parseNumberText, serverIssues, sortIssues } from './form-issues';

describe('form issues', () => {
  it('puts an issue on the field its path names or is inside, the longest field first', () => {
    const fields = ['name', 'metrics', 'rated.powerKw', 'rated'];
    expect(fieldOf('name', fields)).toBe('name');
    expect(fieldOf('metrics.1', fields)).toBe('metrics');
    expect(fieldOf('rated.powerKw', fields)).toBe('rated.powerKw');
    expect(fieldOf('rated.other', fields)).toBe('rated');
    expect(fieldOf('named', fields)).toBeUndefined();
    expect(fieldOf('', fields)).toBeUndefined();
  });

  it('keeps the first message of each field and leaves the rest to the form', () => {
    const sorted = sortIssues(
      [
        { path: 'name', message: 'first' },
        { path: 'name', message: 'second' },
        { path: 'id', message: 'no such field' },
        { path: '', message: 'no such field' },
      ],
      ['name'],
    );
    expect(sorted.errors).toEqual({ name: 'first' });
    expect(sorted.rest).toEqual(['no such field']);
  });

  it('translates message keys, and zod defaults into "fill in" or the fallback', () => {
    const issues = clientIssues(
      [
        { path: ['timezone'], message: 'validation.timeZone' },
        {
          path: ['id'],
          message: 'Too small: expected string to have >=1 characters',
          code: 'too_small',
          origin: 'string',
          minimum: 1,
        },
        { path: ['rated', 'x'], message: 'Invalid key', code: 'invalid_key' },
      ],
      'en',
      'Invalid value.',
    );
    expect(issues[0]).toEqual({ path: 'timezone', message: expect.stringMatching(/time zone/i) as string });
    expect(issues[1]).toEqual({ path: 'id', message: 'Fill in this field.' });
    expect(issues[2]).toEqual({ path: 'rated.x', message: 'Invalid value.' });
  });

  it('reads the field issues of a server refusal, and nothing from other errors', () => {
    const refusal = Object.assign(new Error('Invalid input'), {
      data: { code: 'BAD_REQUEST', issues: [{ path: 'timezone', message: 'Fuso inválido' }, { bogus: true }] },
    });
    expect(serverIssues(refusal)).toEqual([{ path: 'timezone', message: 'Fuso inválido' }]);
    expect(serverIssues(Object.assign(new Error('taken'), { data: { code: 'CONFLICT' } }))).toBeUndefined();
    expect(serverIssues(new Error('network'))).toBeUndefined();
  });

  it('reads typed numbers: blank is none, a decimal comma is a point, junk is NaN', () => {
    expect(parseNumberText('  ')).toBeNull();
    expect(parseNumberText('-23,55')).toBe(-23.55);
    expect(parseNumberText('abc')).toBeNaN();
  });
});
