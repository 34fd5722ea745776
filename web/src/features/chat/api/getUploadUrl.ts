import { type ChatFileType, uploadUrlResponse } from '@app/shared/schemas/chat';
import { apiRequest } from '../../../lib/api.ts';

/** POST /chat/upload-url {chatroom_id, content_type}: a key of my own in the room and the presigned POST form for it. */
export const getUploadUrl = (chatroomId: string, contentType: ChatFileType) =>
  apiRequest({
    method: 'POST',
    path: '/chat/upload-url',
    body: { chatroom_id: chatroomId, content_type: contentType },
    auth: true,
    response: uploadUrlResponse,
  });
