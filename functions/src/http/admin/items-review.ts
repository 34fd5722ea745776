import { adminItemReviewRequest } from '@app/shared/schemas/admin-review';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { shopDeps } from '../../lib/shop-deps.ts';
import { setItemReview } from '../../services/admin/items.ts';

export const handler = httpHandler(
  'POST /admin/items/review',
  { body: adminItemReviewRequest },
  async ({ caller, body, clock }) => setItemReview(shopDeps(clock), signedIn(caller).profile, body),
);
