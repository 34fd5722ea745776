import { useState } from 'react';

export type CopyNotice = { kind: 'success' | 'error'; key: string } | null;

/**
 * Copies a link to the clipboard and says how it went: `copiedKey` when done, `unsupportedKey`
 * when the Clipboard API is missing or refused (spec: 'Clipboard API unsupported').
 */
export function useCopyLink(link: string, copiedKey: string, unsupportedKey: string) {
  const [notice, setNotice] = useState<CopyNotice>(null);
  const copy = async () => {
    setNotice(null);
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      setNotice({ kind: 'success', key: copiedKey });
    } catch {
      setNotice({ kind: 'error', key: unsupportedKey });
    }
  };
  return { notice, copy };
}
