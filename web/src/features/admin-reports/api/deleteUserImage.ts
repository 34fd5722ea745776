import { adminUserResponse, type UserImageDeleteRequest } from '@app/shared/schemas/admin-reports';
import { apiRequest } from '../../../lib/api.ts';

/** POST /admin/users/image-delete: the avatar or background (the person is told). */
export const deleteUserImage = (body: UserImageDeleteRequest) =>
  apiRequest({
    method: 'POST',
    path: '/admin/users/image-delete',
    body,
    auth: true,
    response: adminUserResponse,
  });
