import { describe, expect, it } from 'vitest';
import { recoveryCodesFile } from './recovery-codes-file';

describe('recoveryCodesFile', () => {
  it('is the header, a blank line and one code per line', () => {
    expect(recoveryCodesFile('Codes for a@b.c', ['abcde-fgh23', 'zzzzz-yyy99'])).toBe(
      'Codes for a@b.c\n\nabcde-fgh23\nzzzzz-yyy99\n',
    );
  });
});
