import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { DemoHistoryNotice } from './demo-history-banner';

afterEach(cleanup);

describe('DemoHistoryNotice', () => {
  it('says how far the demo history is, in Portuguese and in English', () => {
    render(
      <LanguageProvider>
        <DemoHistoryNotice demo={{ percent: 45, complete: false }} />
      </LanguageProvider>,
    );
    expect(screen.getByRole('status').textContent).toContain('Gerando histórico de demonstração… 45%');
    cleanup();
    render(
      <LanguageProvider fallbackLanguage="en">
        <DemoHistoryNotice demo={{ percent: 45, complete: false }} />
      </LanguageProvider>,
    );
    expect(screen.getByRole('status').textContent).toContain('Generating demo history… 45%');
  });

  it('shows nothing once the history is complete, or when there is none', () => {
    const { container } = render(
      <LanguageProvider>
        <DemoHistoryNotice demo={{ percent: 100, complete: true }} />
        <DemoHistoryNotice demo={undefined} />
      </LanguageProvider>,
    );
    expect(container.textContent).toBe('');
  });
});
