/** /mypage/businessSetting (base: chat and invoice; shop: the shop's name and disclosure, features/items). */
export default {
  heading: 'Business settings',
  tabs: { label: 'Business settings menu', base: 'Basics', shop: 'Shop' },
  creatorsOnly: 'Business settings are for creator and owner accounts.',
  saved: 'Your settings have been saved.',
  chat: {
    heading: 'Paid chat',
    today: "Today's price",
    tomorrow: 'From {{date}} {{time}}',
    noChange: 'No price change is scheduled.',
    perMessage_one: '{{cost}} mushroom per message',
    perMessage_other: '{{cost}} mushrooms per message',
    cost: 'Price per message (mushrooms)',
    costHint:
      "A whole number from {{min}} to {{max}}. A new price applies from {{time}} tomorrow (Japan time); until then today's price stays.",
    locked: 'Pause paid chat',
    lockedHint: 'Fans cannot send new paid messages (stamps still arrive).',
    rejectFree: 'Refuse free points',
    rejectFreeHint: 'Fans cannot pay for messages with leaves (free points).',
    backNumber: 'Allow re-viewing back numbers',
    backNumberHint: 'Fans can look back at content you delivered in the past.',
  },
  invoice: {
    heading: 'Invoice (qualified invoice)',
    number: 'Qualified invoice issuer registration number',
    hint: '"T" and 13 digits (e.g. T1234567890123); full-width characters and hyphens are accepted. Save it empty to remove it. The number appears on your monthly statements.',
  },
  submit: 'Save',
  /** The creator's business links on /mypage/account. */
  menu: { label: 'Business', settings: 'Business settings', incomes: 'Income', withdraw: 'Withdrawals' },
};
