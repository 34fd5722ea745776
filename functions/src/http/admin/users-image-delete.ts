import { userImageDeleteRequest } from '@app/shared/schemas/admin-reports';
import { userDeps } from '../../lib/admin-reports-deps.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { deleteUserImage } from '../../services/admin/users.ts';

export const handler = httpHandler(
  'POST /admin/users/image-delete',
  { body: userImageDeleteRequest },
  async ({ caller, body, clock }) => deleteUserImage(userDeps(clock), signedIn(caller).profile, body),
);
