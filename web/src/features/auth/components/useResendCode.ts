import { useState } from 'react';
import type { ApiResult } from '../../../lib/api.ts';
import { type FormMessage, failureMessage } from '../../../lib/apiForm.ts';

/** "Resend code" on the verify pages: asks for a new code and reports it on the page's form. */
export function useResendCode(
  setFormError: (message: FormMessage | null) => void,
  send: () => Promise<ApiResult<unknown>>,
) {
  const [resent, setResent] = useState(false);
  const [resending, setResending] = useState(false);

  const resend = async () => {
    if (resending) return;
    setResending(true);
    setResent(false);
    setFormError(null);
    try {
      const result = await send();
      if (result?.ok) setResent(true);
      else if (result) setFormError({ key: 'errors.validation' });
    } catch (err) {
      setFormError(failureMessage(err));
    } finally {
      setResending(false);
    }
  };

  return { resent, resending, resend };
}
