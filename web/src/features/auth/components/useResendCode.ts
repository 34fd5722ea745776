import { useState } from 'react';
import { type ApiResult, errorMessageKey, errorParams } from '../../../lib/api.ts';

interface FormErrors {
  setFormError: (key: string | null, params?: Record<string, string | number>) => void;
}

/** "Resend code" on the verify pages: asks for a new code and reports it on the page's form. */
export function useResendCode(form: FormErrors, send: () => Promise<ApiResult<unknown>>) {
  const [resent, setResent] = useState(false);
  const [resending, setResending] = useState(false);

  const resend = async () => {
    setResending(true);
    setResent(false);
    form.setFormError(null);
    try {
      const result = await send();
      if (result?.ok) setResent(true);
      else if (result) form.setFormError('errors.validation');
    } catch (err) {
      form.setFormError(errorMessageKey(err), errorParams(err));
    } finally {
      setResending(false);
    }
  };

  return { resent, resending, resend };
}
