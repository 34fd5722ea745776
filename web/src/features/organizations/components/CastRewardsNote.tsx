import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';

/**
 * A cast's rewards go to its organization, whose owner requests the withdrawals (the server
 * refuses a cast's: `cast_rewards_to_organization`): said where a creator would withdraw.
 */
export function CastRewardsNote({ organization }: { organization: string }) {
  const { t } = useTranslation();
  return (
    <div className="cast-rewards-note" data-testid="cast-rewards-note">
      <Alert kind="info">{t('organizations.cast.rewardsTo', { organization })}</Alert>
    </div>
  );
}
