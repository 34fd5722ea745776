import { organizationRequest } from '@app/shared/schemas/organizations';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { organizationFormDeps } from '../../lib/organization-deps.ts';
import { saveOrganization } from '../../services/organizations/registration.ts';

export const handler = httpHandler(
  'POST /organizations',
  { body: organizationRequest },
  async ({ caller, body, clock, lang }) =>
    saveOrganization(organizationFormDeps(clock), signedIn(caller).profile, body, lang),
);
