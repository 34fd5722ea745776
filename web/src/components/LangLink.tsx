import { Link, type LinkProps } from 'react-router';
import { useLang } from '../app/lang-context.ts';

/** A link to a screen path ('/home') that keeps the current language prefix. */
export function LangLink({ to, ...rest }: Omit<LinkProps, 'to'> & { to: string }) {
  const { to: prefixed } = useLang();
  return <Link to={prefixed(to)} {...rest} />;
}
