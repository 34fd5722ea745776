import { emailNotificationDeps } from '../lib/email-notification-deps.ts';
import { jobHandler } from '../lib/job.ts';
import { sesMailer } from '../lib/mailer.ts';
import { sendDueDigests } from '../services/email-notifications/digests.ts';

export const handler = jobHandler('mail-digests', async (clock) => ({
  ...(await sendDueDigests({ ...(await emailNotificationDeps(clock)), mailer: sesMailer })),
}));
