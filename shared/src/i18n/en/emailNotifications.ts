/** E-mail notifications (the account screen's section and the unsubscribe page). */
export default {
  heading: 'E-mail notifications',
  lead: 'We e-mail you when the app is closed. You get at most one e-mail of each kind an hour.',
  sendTo: 'Sent to: {{email}}',
  kinds: {
    replies: {
      label: 'Messages waiting for your reply',
      hint: 'A summary when paid messages from fans are waiting for your reply.',
    },
    messages: {
      label: 'Messages from creators',
      hint: 'New messages from creators, broadcasts included.',
    },
    notices: {
      label: 'Important notices',
      hint: 'For example when a fan club renewal could not be paid or a purchase is complete.',
    },
  },
  on: 'On',
  off: 'Off',
  saved: 'Your settings are saved.',
  unconfirmed:
    'Your notification e-mail is not confirmed yet, so we cannot send you e-mail. Once it is confirmed, you can choose what to receive.',
  noAddress: 'You have no notification e-mail yet, so we cannot send you e-mail.',
  confirmLink: 'Confirm your e-mail address',
  noKinds: 'There are no e-mail notifications for this account.',
  unsubscribe: {
    heading: 'Unsubscribe',
    confirm: 'Stop receiving "{{kind}}" e-mails?',
    button: 'Unsubscribe',
    done: 'You will no longer receive "{{kind}}" e-mails.',
    already: '"{{kind}}" e-mails are already turned off.',
    resume: 'You can turn them on again at any time under "E-mail notifications" in your account settings.',
    settings: 'Go to account settings',
    missing: 'This link is not complete. Open the link exactly as it appears in the e-mail.',
  },
};
