import type { StoreResponse } from '@app/shared/schemas/store';
import type { Message } from '../messages.ts';

export interface CardFormProps {
  square: StoreResponse['square'];
  busy: boolean;
  /** The registration's failure (e.g. errors.cardInvalid), shown in the form. */
  error: Message | null;
  onSubmit: (sourceId: string, cardholderName: string | undefined) => void;
  onCancel: () => void;
}
