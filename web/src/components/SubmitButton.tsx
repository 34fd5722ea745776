import type { ButtonHTMLAttributes, ReactNode } from 'react';

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  busy?: boolean;
  busyLabel?: ReactNode;
  variant?: 'primary' | 'secondary' | 'line' | 'danger' | 'link';
}

export function Button({
  busy,
  busyLabel,
  variant = 'primary',
  children,
  disabled,
  className,
  ...rest
}: Props) {
  return (
    <button
      type="button"
      className={`btn btn--${variant}${className ? ` ${className}` : ''}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
