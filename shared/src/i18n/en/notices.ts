/** Notice messages by kind (shared/src/schemas/notice.ts); the placeholders are the notice's params. */
export default {
  title: 'Notices',
  empty: 'No notices yet.',
  readAll: 'Mark all as read',
  kinds: {
    chat_earning_one: '{{nickname}} sent you a paid message ({{points}} mushroom).',
    chat_earning_other: '{{nickname}} sent you a paid message ({{points}} mushrooms).',
    chat_spend_one: 'You sent a message to {{nickname}} ({{points}} mushroom).',
    chat_spend_other: 'You sent a message to {{nickname}} ({{points}} mushrooms).',
    stamp_earning: '{{nickname}} sent you a stamp ({{stamp_point}} mushrooms).',
    stamp_spend: 'You sent a stamp to {{nickname}} ({{stamp_point}} mushrooms).',
    liked: '{{nickname}} liked you.',
    invitation_registration: '{{nickname}} registered through your invitation page.',
    purchase: '{{nickname}} bought {{item_name}}.',
    // The buyer's own notice (params.side = 'buyer').
    purchase_buyer: 'Your purchase of {{item_name}} is complete. Find it in your library.',
    profile_image_deleted: 'Your profile image was deleted because it broke the terms of service.',
    background_image_deleted: 'Your background image was deleted because it broke the terms of service.',
    thumbnail_deleted: 'The thumbnail of {{item_name}} was deleted because it broke the terms of service.',
    sample_file_deleted: 'A sample file of {{item_name}} was deleted because it broke the terms of service.',
    original_point_received: 'You received {{points}} original points from {{nickname}}.',
    return_gift_received: 'You received a return gift for {{item_name}}.',
    fanclub_joined: 'You joined {{fanclub_name}}. It renews on {{renews_on}}.',
    fanclub_member_joined: '{{nickname}} joined {{fanclub_name}}.',
    fanclub_renewed:
      'Your membership of {{fanclub_name}} was renewed for {{points}} mushrooms. Next renewal: {{renews_on}}.',
    fanclub_member_renewed: '{{nickname}} renewed their membership of {{fanclub_name}}.',
    fanclub_renewal_failed:
      'Your balance could not pay for {{fanclub_name}}. We will try again on {{retry_on}}: buy mushrooms at the store.',
    fanclub_member_renewal_failed:
      "{{nickname}}'s renewal of {{fanclub_name}} is on hold: their balance was short.",
    fanclub_ended: 'Your membership of {{fanclub_name}} has ended.',
    fanclub_member_ended: "{{nickname}}'s membership of {{fanclub_name}} has ended.",
    fanclub_pass_bought: 'You bought the {{month}} back number of {{fanclub_name}}.',
    fanclub_pass_sold: '{{nickname}} bought the {{month}} back number of {{fanclub_name}}.',
    leaves_granted: 'The operators granted you {{points}} leaves.',
    account_warning:
      'The operators found that your content broke the terms of service. Please read the terms again: repeated violations may lead to suspension.',
    account_warning_message:
      'The operators found that your content broke the terms of service. Message from the operators: {{message}}',
  },
};
