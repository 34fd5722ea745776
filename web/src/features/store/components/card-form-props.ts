import type { StoreResponse } from '@app/shared/schemas/store';
import type { Message } from '../messages.ts';

export interface CardFormProps {
  square: StoreResponse['square'];
  busy: boolean;
  /** The registration's failure (e.g. errors.cardInvalid), shown in the form. */
  error: Message | null;
  /** `verificationToken`: 3-D Secure's token for storing the card (Square's SDK only). */
  onSubmit: (sourceId: string, cardholderName: string | undefined, verificationToken?: string) => void;
  onCancel: () => void;
}
