import { describe, expect, it } from 'vitest';
import { commandRefusalMessage, refusalReason } from './command-refusal';
import { fillParams } from './i18n/dictionaries';
import { opsStrings } from './i18n/ops-strings';

const tIn = (lang: 'pt' | 'en') => (key: keyof (typeof opsStrings)['pt'], params?: Record<string, string | number>) =>
  fillParams(opsStrings[lang][key], params);

describe('device refusals', () => {
  it('translates every known code in both languages, and keeps a command history line to the reason', () => {
    const tripped = { code: 'tripped', error: 'tripped: reset the overload relay at the panel' };
    expect(refusalReason(tripped, tIn('pt'))).toBe('proteção atuou; rearme o relé de sobrecarga no painel');
    expect(commandRefusalMessage(tripped, tIn('en'))).toBe(
      'The device refused the command: tripped; reset the overload relay at the panel',
    );
    expect(refusalReason({ code: null, error: 'interlock active' }, tIn('pt'))).toBe('interlock active');
  });
});
