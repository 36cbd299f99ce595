import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits, cnpjProblem, formatCnpj, isValidCnpj, normalizeCnpj } from './cnpj';

// Published CNPJs of well-known companies (head offices).
const real = [
  '33.000.167/0001-01', // Petrobras
  '00.000.000/0001-91', // Banco do Brasil
  '33.592.510/0001-54', // Vale
  '60.701.190/0001-04', // Itaú Unibanco
  '84.429.695/0001-11', // WEG
  '47.960.950/0001-21', // Magazine Luiza
];

describe('CNPJ', () => {
  it('accepts real CNPJs, masked or digits only', () => {
    for (const cnpj of real) {
      expect(cnpjProblem(cnpj)).toBeNull();
      expect(isValidCnpj(normalizeCnpj(cnpj))).toBe(true);
    }
  });

  it('refuses a number whose check digits do not match', () => {
    expect(cnpjProblem('33.000.167/0001-02')).toBe('checkDigits'); // last digit changed
    expect(cnpjProblem('33000167000110')).toBe('checkDigits'); // check digits swapped
    expect(cnpjProblem('84.429.695/0001-12')).toBe('checkDigits');
    expect(cnpjProblem('11.111.111/1111-11')).toBe('checkDigits'); // equal digits
    expect(cnpjProblem('00000000000000')).toBe('checkDigits');
  });

  it('refuses anything that is not 14 digits', () => {
    for (const bad of ['', '3300016700010', '330001670001011', '33.000.167/0001-0A', '33,000,167/0001-01', 'abc'])
      expect(cnpjProblem(bad)).toBe('format');
  });

  it('keeps the digits only and masks them as 00.000.000/0000-00, also while typing', () => {
    expect(normalizeCnpj(' 33.000.167/0001-01 ')).toBe('33000167000101');
    expect(formatCnpj('33000167000101')).toBe('33.000.167/0001-01');
    expect(formatCnpj('330001670001019999')).toBe('33.000.167/0001-01');
    expect(formatCnpj('33')).toBe('33');
    expect(formatCnpj('330')).toBe('33.0');
    expect(formatCnpj('3300016')).toBe('33.000.16');
    expect(formatCnpj('330001670')).toBe('33.000.167/0');
    expect(formatCnpj('3300016700010')).toBe('33.000.167/0001-0');
    expect(formatCnpj('')).toBe('');
  });

  it('computes the check digits of a base', () => {
    expect(cnpjCheckDigits('330001670001')).toBe('01');
    expect(cnpjCheckDigits('000000000001')).toBe('91');
    expect(isValidCnpj('123456780001' + cnpjCheckDigits('123456780001'))).toBe(true);
  });
});
