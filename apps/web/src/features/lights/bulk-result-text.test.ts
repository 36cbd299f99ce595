import { describe, expect, it } from 'vitest';
import { fillParams } from '../../lib/i18n/dictionaries';
import { bulkResultText } from './bulk-result-text';
import { lightsStrings } from './lights.strings';

const tIn =
  (language: 'pt' | 'en') => (key: keyof (typeof lightsStrings)['pt'], params?: Record<string, string | number>) =>
    fillParams(lightsStrings[language][key], params);

describe('bulkResultText', () => {
  const result = {
    total: 5,
    confirmed: 2,
    failed: 0,
    timeout: 0,
    skipped: [
      { equipmentId: 'l-1', name: 'Luminária 01', reason: 'maintenance' as const },
      { equipmentId: 'l-2', name: 'Luminária 02', reason: 'error' as const },
      { equipmentId: 'l-3', name: 'Luminária 03', reason: 'maintenance' as const },
    ],
  };

  it('says how many lights were skipped and why, in pt and en', () => {
    expect(bulkResultText(tIn('pt'), 'Ligar todas', result)).toBe(
      'Ligar todas: 2 confirmada(s), 0 recusada(s), 0 sem resposta. · 2 ignorada(s): em manutenção · 1 ignorada(s): com erro',
    );
    expect(bulkResultText(tIn('en'), 'Turn all on', result)).toBe(
      'Turn all on: 2 confirmed, 0 refused, 0 timed out. · 2 skipped: under maintenance · 1 skipped: in error',
    );
  });

  it('names the work orders that lock lights out', () => {
    const locked = {
      ...result,
      skipped: [
        { equipmentId: 'l-4', name: 'Luminária 04', reason: 'lockout' as const, order: 'OS-2026-0012' },
        { equipmentId: 'l-5', name: 'Luminária 05', reason: 'lockout' as const, order: 'OS-2026-0012' },
      ],
    };
    expect(bulkResultText(tIn('pt'), 'Ligar todas', locked)).toBe(
      'Ligar todas: 2 confirmada(s), 0 recusada(s), 0 sem resposta. · 2 ignorada(s): bloqueada(s) por OS em andamento (OS-2026-0012)',
    );
    expect(bulkResultText(tIn('en'), 'Turn all on', locked)).toContain(
      '2 skipped: locked out by work orders in progress (OS-2026-0012)',
    );
  });

  it('says nothing of skipped lights when none were', () => {
    expect(bulkResultText(tIn('pt'), 'Desligar todas', { ...result, confirmed: 5, skipped: [] })).toBe(
      'Desligar todas: 5 confirmada(s), 0 recusada(s), 0 sem resposta.',
    );
  });
});
