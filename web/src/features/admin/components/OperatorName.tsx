import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { unwrap } from '../../../lib/query.ts';
import { useAuth } from '../../../lib/session.ts';
import { getAdminMe } from '../api/getAdminMe.ts';

/** The signed-in operator's name in the console's header (its e-mail on hover); nothing until known. */
export function OperatorName() {
  const { t } = useTranslation();
  const { profile } = useAuth();
  // Keyed by the profile: another operator signing in on this tab is never shown the last one's name.
  const me = useQuery({
    queryKey: ['admin-me', profile?.id],
    queryFn: async () => unwrap(await getAdminMe()),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!me.data) return null;
  return (
    <span className="admin__operator" title={me.data.email} data-testid="admin-operator">
      <span className="visually-hidden">{t('admin.access.signedInAs')}: </span>
      {me.data.name}
    </span>
  );
}
