import type { CardFormProps } from './card-form-props.ts';
import { LocalCardForm } from './LocalCardForm.tsx';
import { SquareCardForm } from './SquareCardForm.tsx';

/** The local test form on `npm start`, Square's card field in the sandbox and production. */
export function CardForm(props: CardFormProps) {
  return props.square.environment === 'local' ? <LocalCardForm {...props} /> : <SquareCardForm {...props} />;
}
