import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { notify } from '../../lib/notify';
import { useDeviceCommand, type CommandOutcome } from './use-device-command';

let queryClient: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <LanguageProvider>
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  </LanguageProvider>
);

/** A command whose answer the test decides. */
function deferred() {
  let answer!: (outcome: CommandOutcome) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<CommandOutcome>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { promise, answer, fail };
}

const render = () =>
  renderHook(() => useDeviceCommand<'power'>({ refresh: [['list']], refreshOnRefusal: [['history']] }), { wrapper });

beforeEach(() => {
  localStorage.setItem('language', 'en');
  queryClient = new QueryClient();
  vi.spyOn(notify, 'success').mockImplementation(() => undefined);
  vi.spyOn(notify, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('useDeviceCommand', () => {
  it('marks the device pending, then on confirmation re-reads the data before the mark goes', async () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const onConfirmed = vi.fn();
    const { result } = render();
    const device = deferred();
    let done!: Promise<void>;
    act(() => {
      done = result.current.run({
        id: 'm1',
        mark: 'power',
        send: () => device.promise,
        onConfirmed,
        confirmedMessage: () => 'Motor 1 on',
      });
    });
    expect(result.current.pending).toEqual({ m1: 'power' });
    expect(notify.success).not.toHaveBeenCalled();

    await act(async () => {
      device.answer({ status: 'confirmed' });
      await done;
    });
    expect(onConfirmed).toHaveBeenCalledWith({ status: 'confirmed' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['list'] });
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: ['history'] });
    expect(notify.success).toHaveBeenCalledWith('Motor 1 on');
    expect(notify.error).not.toHaveBeenCalled();
    expect(result.current.pending).toEqual({});
  });

  it('shows a refusal with its reason and changes nothing', async () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const onConfirmed = vi.fn();
    const { result } = render();
    await act(() =>
      result.current.run({
        id: 'm1',
        mark: 'power',
        send: () => Promise.resolve({ status: 'failed', error: 'interlock' }),
        onConfirmed,
        confirmedMessage: () => 'never',
      }),
    );
    expect(notify.error).toHaveBeenCalledWith('The device refused the command: interlock');
    expect(notify.success).not.toHaveBeenCalled();
    expect(onConfirmed).not.toHaveBeenCalled();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['history'] });
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: ['list'] });
    expect(result.current.pending).toEqual({});
  });

  it.each([
    ['en', 'The device refused the command: locked out for maintenance'],
    ['pt', 'O equipamento recusou o comando: bloqueado para manutenção'],
  ])('translates a refusal code in %s, whatever the device wrote', async (language, toast) => {
    localStorage.setItem('language', language);
    const { result } = render();
    await act(() =>
      result.current.run({
        id: 'm1',
        mark: 'power',
        send: () =>
          Promise.resolve({ status: 'failed', code: 'maintenanceLockout', error: 'locked out for maintenance' }),
        confirmedMessage: () => 'never',
      }),
    );
    expect(notify.error).toHaveBeenCalledWith(toast);
  });

  it('shows an unknown code by the device words, and a refusal without either as a plain sentence', async () => {
    localStorage.setItem('language', 'pt');
    const { result } = render();
    for (const outcome of [
      { status: 'failed' as const, code: 'doorOpen', error: 'door open' },
      { status: 'failed' as const },
    ]) {
      await act(() =>
        result.current.run({
          id: 'm1',
          mark: 'power',
          send: () => Promise.resolve(outcome),
          confirmedMessage: () => '',
        }),
      );
    }
    expect(notify.error).toHaveBeenNthCalledWith(1, 'O equipamento recusou o comando: door open');
    expect(notify.error).toHaveBeenNthCalledWith(2, 'O equipamento recusou o comando.');
  });

  it('shows a timeout', async () => {
    const { result } = render();
    await act(() =>
      result.current.run({
        id: 'm1',
        mark: 'power',
        send: () => Promise.resolve({ status: 'timeout' }),
        confirmedMessage: () => 'never',
      }),
    );
    expect(notify.error).toHaveBeenCalledWith('The device did not answer in time. Nothing was changed.');
    expect(notify.success).not.toHaveBeenCalled();
    expect(result.current.pending).toEqual({});
  });

  it('shows a failed request and clears the mark', async () => {
    const { result } = render();
    await act(() =>
      result.current.run({
        id: 'm1',
        mark: 'power',
        send: () => Promise.reject(new Error('')),
        confirmedMessage: () => 'never',
      }),
    );
    expect(notify.error).toHaveBeenCalledTimes(1);
    expect(result.current.pending).toEqual({});
  });

  it('keeps the marks of several devices apart', async () => {
    const { result } = render();
    const first = deferred();
    const second = deferred();
    act(() => {
      void result.current.run({ id: 'a', mark: 'power', send: () => first.promise, confirmedMessage: () => 'a' });
      void result.current.run({ id: 'b', mark: 'power', send: () => second.promise, confirmedMessage: () => 'b' });
    });
    expect(result.current.pending).toEqual({ a: 'power', b: 'power' });
    act(() => {
      first.answer({ status: 'timeout' });
    });
    await waitFor(() => {
      expect(result.current.pending).toEqual({ b: 'power' });
    });
    act(() => {
      second.answer({ status: 'confirmed' });
    });
    await waitFor(() => {
      expect(result.current.pending).toEqual({});
    });
  });
});
