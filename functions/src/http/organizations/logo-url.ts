import { logoUploadUrlRequest } from '@app/shared/schemas/organizations';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { organizationFormDeps } from '../../lib/organization-deps.ts';
import { logoUploadUrl } from '../../services/organizations/registration.ts';

export const handler = httpHandler(
  'POST /organizations/logo-url',
  { body: logoUploadUrlRequest },
  async ({ caller, body, clock }) =>
    logoUploadUrl(organizationFormDeps(clock), signedIn(caller).profile, body.content_type),
);
