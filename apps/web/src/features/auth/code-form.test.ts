import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { codeSubmitHandler, setupVerifyCallbacks } from './code-form';

const { error, success } = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../lib/notify', () => ({ notify: { error, success } }));

function fakeEvent() {
  const preventDefault = vi.fn();
  return { event: { preventDefault } as unknown as FormEvent, preventDefault };
}

describe('codeSubmitHandler', () => {
  it('submits a whole code', () => {
    const submit = vi.fn();
    const { event, preventDefault } = fakeEvent();
    codeSubmitHandler({ code: '123456', verify: { isPending: false, mutate: submit }, tooShort: 'short' })(event);
    expect(preventDefault).toHaveBeenCalledOnce();
    expect(submit).toHaveBeenCalledWith({ code: '123456' });
  });

  it('refuses a short code with a toast', () => {
    error.mockClear();
    const submit = vi.fn();
    codeSubmitHandler({ code: '123', verify: { isPending: false, mutate: submit }, tooShort: 'short' })(
      fakeEvent().event,
    );
    expect(submit).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith('short');
  });

  it('does nothing while a request is pending', () => {
    error.mockClear();
    const submit = vi.fn();
    const { event, preventDefault } = fakeEvent();
    codeSubmitHandler({ code: '12', verify: { isPending: true, mutate: submit }, tooShort: 'short' })(event);
    expect(preventDefault).toHaveBeenCalledOnce();
    expect(submit).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});

describe('setupVerifyCallbacks', () => {
  it('toasts and hands over the recovery codes, or clears the code and shows the error', () => {
    const onDone = vi.fn();
    const clearCode = vi.fn();
    const callbacks = setupVerifyCallbacks({ success: 'done', failure: 'invalid', onDone, clearCode });

    callbacks.onSuccess({ recoveryCodes: ['a', 'b'] });
    expect(success).toHaveBeenCalledWith('done');
    expect(onDone).toHaveBeenCalledWith(['a', 'b']);

    callbacks.onError(new Error('boom'));
    expect(clearCode).toHaveBeenCalledOnce();
    expect(error).toHaveBeenCalledWith(expect.any(String));
  });
});
