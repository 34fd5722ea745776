import { useEffect, useRef } from 'react';

/**
 * Opens and closes a native <dialog> as a modal with `open` (focus trap, Escape and the backdrop
 * come with it). Falls back to the `open` attribute where showModal is missing (tests).
 */
export function useModal(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);
  return ref;
}
