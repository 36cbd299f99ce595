import type { AlertChange } from '@sentinela/shared/alerts';
import type { Language } from '@sentinela/shared/language';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { AlertHistory } from './alert-history';

afterEach(cleanup);

const rule = {
  name: 'Vibração: zona D',
  nameKey: null,
  metric: 'vibration',
  comparison: 'above' as const,
  threshold: 7.1,
  clearAt: 6.5,
};
const changes: AlertChange[] = [
  {
    at: new Date('2026-03-02T12:05:00Z'),
    fromSeverity: 'warning',
    toSeverity: 'critical',
    value: 7.6,
    acknowledgementReset: true,
  },
  {
    at: new Date('2026-03-02T12:20:00Z'),
    fromSeverity: 'critical',
    toSeverity: 'warning',
    value: 5.5,
    acknowledgementReset: false,
  },
];

function history(language: Language, list = changes) {
  render(
    <LanguageProvider fallbackLanguage={language}>
      <AlertHistory alert={{ changes: list, rule }} />
    </LanguageProvider>,
  );
  return screen
    .queryAllByRole('listitem')
    .map((item) => item.textContent?.replace(/^.* · /, '').replace(/\u00a0/g, ' '));
}

describe('AlertHistory', () => {
  it('says in Portuguese how the one alert of a metric escalated and de-escalated', () => {
    expect(history('pt')).toEqual([
      'Escalado de aviso para crítico (7,6 mm/s) — reconhecimento desfeito: reconheça de novo',
      'Rebaixado de crítico para aviso (5,5 mm/s)',
    ]);
    expect(screen.getByText('Histórico (2)')).toBeTruthy();
  });

  it('says it in English', () => {
    expect(history('en')).toEqual([
      'Escalated from warning to critical (7.6 mm/s) — acknowledgement reset: acknowledge again',
      'De-escalated from critical to warning (5.5 mm/s)',
    ]);
    expect(screen.getByText('History (2)')).toBeTruthy();
  });

  it('shows nothing for an alert that never changed band', () => {
    expect(history('en', [])).toEqual([]);
    expect(screen.queryByText(/History/)).toBeNull();
  });
});
