/** Outgoing e-mail through SES v2 (locally the SES stand-in's outbox). Only bundles that mail import it. */
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { ses } from './aws/ses.ts';
import { env } from './env.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /**
   * Extra header fields (SES v2 `Content.Simple.Headers`, API reference `MessageHeader`): a name of
   * 1-126 printable ASCII characters without a colon, a value of 1-870 printable ASCII characters,
   * at most 15 of them (the local SES stand-in refuses the same).
   */
  headers?: readonly { name: string; value: string }[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export const sesMailer: Mailer = {
  async send(mail) {
    await ses().send(
      new SendEmailCommand({
        FromEmailAddress: env().MAIL_FROM,
        Destination: { ToAddresses: [mail.to] },
        Content: {
          Simple: {
            Subject: { Data: mail.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: mail.text, Charset: 'UTF-8' } },
            ...(mail.headers?.length
              ? { Headers: mail.headers.map((h) => ({ Name: h.name, Value: h.value })) }
              : {}),
          },
        },
      }),
    );
  },
};
