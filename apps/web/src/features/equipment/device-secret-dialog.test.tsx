import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { DeviceSecretDialog } from './device-secret-dialog';

afterEach(cleanup);

const wrapper = ({ children }: { children: ReactNode }) => (
  <LanguageProvider fallbackLanguage="pt">{children}</LanguageProvider>
);

const secret = {
  equipmentId: 'so-mtr-001',
  username: 'so-mtr-001',
  secret: 'q7Zk1xY2mN3pQ4rS5tU6vW7xY8zA9bC0',
  site: 'sorocaba',
  topics: {
    telemetry: 'sentinela/sorocaba/so-mtr-001/telemetry',
    cmd: 'sentinela/sorocaba/so-mtr-001/cmd',
    ack: 'sentinela/sorocaba/so-mtr-001/ack',
    status: 'sentinela/sorocaba/so-mtr-001/status',
  },
  status: { equipmentId: 'so-mtr-001', hasSecret: true, current: null, previousValidUntil: null },
};

describe('DeviceSecretDialog', () => {
  it('shows the username, the secret once (with the warning) and the topics; copies the secret', () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const onClose = vi.fn();
    render(<DeviceSecretDialog secret={secret} name="Motor 1" onClose={onClose} />, { wrapper });

    expect(screen.getByRole('dialog', { name: 'Credenciais de Motor 1' })).toBeTruthy();
    expect(screen.getByText('Mostrado uma única vez')).toBeTruthy();
    const shown = screen.getByTestId('device-secret');
    expect(shown.textContent).toBe(secret.secret);
    expect(shown.className).toContain('font-mono');
    expect(screen.getByText('sentinela/sorocaba/so-mtr-001/cmd')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Copiar Segredo' }));
    expect(writeText).toHaveBeenCalledWith(secret.secret);
    fireEvent.click(screen.getByRole('button', { name: 'Concluído' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('is closed without a secret', () => {
    render(<DeviceSecretDialog secret={null} name="Motor 1" onClose={() => undefined} />, { wrapper });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
