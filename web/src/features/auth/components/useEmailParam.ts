import { useLocation, useSearchParams } from 'react-router';

/** The e-mail carried from the first step of a code flow (navigation state, else ?email=). */
export function useEmailParam(): string {
  const state = useLocation().state as { email?: unknown } | null;
  const [params] = useSearchParams();
  return typeof state?.email === 'string' ? state.email : (params.get('email') ?? '');
}

export const verifyPath = (path: string, email: string) => `${path}?email=${encodeURIComponent(email)}`;
