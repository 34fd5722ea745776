/**
 * The owner's screens (/organization, /organization/sales) are for a shop/organization owner
 * (role 1) whose sign-up is complete: another role is told whom the screen is for, an owner with
 * steps left is sent on to finish them. (A guest never gets here: `signedInPage` sends it to log in.)
 */
import { ROLE } from '@app/shared/roles';
import type { MypageResponse } from '@app/shared/schemas/mypage';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { nextSetupPath } from '../../../lib/setup.ts';
import { useAccount } from '../../mypage/account-store.ts';

export function OwnerGate({ children }: { children: (account: MypageResponse) => ReactNode }) {
  const { t } = useTranslation();
  const { data, error } = useAccount();
  if (!data) return error ? <Alert kind="error">{t(error)}</Alert> : <Spinner />;
  if (data.profile.role_id !== ROLE.USER)
    return (
      <p className="empty org-gate" data-testid="org-owners-only">
        {t('organizations.gate.ownersOnly')}
      </p>
    );
  if (!data.setup_complete)
    return (
      <div className="org-card org-gate">
        <p>{t('organizations.gate.finishSignup')}</p>
        <LangLink
          className="btn btn--primary btn--block"
          to={nextSetupPath(data.profile.role_id, data.final_step)}
        >
          {t('organizations.gate.finishSignupLink')}
        </LangLink>
      </div>
    );
  return children(data);
}
