/** Input helpers of the local test card form. */
import * as z from 'zod/mini';

export const cardDigits = (value: string) => value.replace(/\D/g, '').slice(0, 19);

/** '4111111111111111' → '4111 1111 1111 1111'. */
export const formatCardNumber = (value: string) => cardDigits(value).replace(/(\d{4})(?=\d)/g, '$1 ');

/** '1228' → '12/28' while typing. */
export function formatExpiry(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

export type CardInputError = 'invalidNumber' | 'invalidExpiry' | 'expired' | 'invalidCvc';

/** Field → key under store.cardForm, for what is wrong with the typed card. */
export function checkCardInput(
  input: { number: string; expiry: string; cvc: string },
  now: Date,
): Partial<Record<'number' | 'expiry' | 'cvc', CardInputError>> {
  const errors: Partial<Record<'number' | 'expiry' | 'cvc', CardInputError>> = {};
  const digits = input.number.replace(/\D/g, '');
  if (digits.length < 12 || digits.length > 19 || /[^\d\s]/.test(input.number))
    errors.number = 'invalidNumber';
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.expiry.trim());
  const month = m ? Number(m[1]) : 0;
  if (!m || month < 1 || month > 12) errors.expiry = 'invalidExpiry';
  else {
    const year = 2000 + Number(m[2]);
    const current = now.getFullYear() * 12 + now.getMonth();
    if (year * 12 + (month - 1) < current) errors.expiry = 'expired';
  }
  if (!/^\d{3,4}$/.test(input.cvc.trim())) errors.cvc = 'invalidCvc';
  return errors;
}

/**
 * The local test card form's schema (for React Hook Form's zod resolver): each problem
 * `checkCardInput` finds is an issue on its field, its message the key under store.cardForm.
 */
export const cardInputSchema = (now: () => Date = () => new Date()) =>
  z.object({ number: z.string(), expiry: z.string(), cvc: z.string(), name: z.string() }).check(
    z.superRefine((values, ctx) => {
      for (const [field, key] of Object.entries(checkCardInput(values, now()))) {
        ctx.addIssue({ code: 'custom', path: [field], message: `store.cardForm.${key}` });
      }
    }),
  );

export type CardInput = z.infer<ReturnType<typeof cardInputSchema>>;
