/** The parts of a picture field: a hidden file input opened by a button, and the upload's progress. */
import { type ChangeEvent, type ReactNode, useRef } from 'react';
import { Button } from './SubmitButton.tsx';

/** The input stays the field's labelled control (`id`); the button opens its file chooser. */
export function FilePickButton({
  id,
  accept,
  onPick,
  disabled,
  invalid,
  describedBy,
  children,
}: {
  id: string;
  accept: string;
  onPick: (e: ChangeEvent<HTMLInputElement>) => void;
  disabled: boolean;
  invalid?: boolean;
  describedBy: string;
  children: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        id={id}
        type="file"
        className="visually-hidden"
        accept={accept}
        onChange={onPick}
        disabled={disabled}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
      />
      <Button variant="secondary" disabled={disabled} onClick={() => input.current?.click()}>
        {children}
      </Button>
    </>
  );
}

/** A live status: the bar (named `label`) and the text saying how far the upload is. */
export function UploadProgress({
  percent,
  label,
  className,
  children,
}: {
  percent: number;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <p role="status" className={className}>
      <progress max={100} value={percent} aria-label={label} /> {children}
    </p>
  );
}
