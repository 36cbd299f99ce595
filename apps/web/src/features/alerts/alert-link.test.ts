import { describe, expect, it } from 'vitest';
import { linkedAlertId } from './alert-link';

describe('a link to one alert', () => {
  it('takes an alert id from ?alert= and ignores anything else', () => {
    expect(linkedAlertId('3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a')).toBe('3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a');
    expect(linkedAlertId(null)).toBeNull();
    expect(linkedAlertId('')).toBeNull();
    expect(linkedAlertId('mtr-a1')).toBeNull();
    expect(linkedAlertId('3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a; drop')).toBeNull();
  });
});
