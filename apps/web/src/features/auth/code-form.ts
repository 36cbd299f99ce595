import type { FormEvent } from 'react';
import { errorMessage } from '../../lib/api-errors';
import { notify } from '../../lib/notify';
import { isCompleteCode } from './code';

interface CodeSubmit {
  code: string;
  /** The mutation that checks the code. */
  verify: { isPending: boolean; mutate: (input: { code: string }) => void };
  /** The toast when the code is not six digits yet. */
  tooShort: string;
}

/** A 6-digit code form's submit: ignored while a request is pending, refused with a toast until the code is whole. */
export function codeSubmitHandler({ code, verify, tooShort }: CodeSubmit) {
  return (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending) return;
    if (!isCompleteCode(code)) {
      notify.error(tooShort);
      return;
    }
    verify.mutate({ code });
  };
}

interface SetupVerified {
  success: string;
  failure: string;
  onDone: (recoveryCodes: string[]) => void;
  clearCode: () => void;
}

/** What a 2FA setup does with the verify answer: a toast and the recovery codes, or a cleared code and the error. */
export function setupVerifyCallbacks({ success, failure, onDone, clearCode }: SetupVerified) {
  return {
    onSuccess: ({ recoveryCodes }: { recoveryCodes: string[] }) => {
      notify.success(success);
      onDone(recoveryCodes);
    },
    onError: (error: unknown) => {
      clearCode();
      notify.error(errorMessage(error, failure));
    },
  };
}
