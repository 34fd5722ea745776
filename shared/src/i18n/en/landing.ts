/**
 * Landing pages (namespace `landing`): `/` for fans and `/creator` for creators.
 * Numbers are `{{…}}` placeholders filled in by web/src/features/landing/values.ts: never write
 * them here. Keep the same keys as ja/landing.ts.
 */
export default {
  fan: {
    hero: {
      eyebrow: 'Where fans and creators meet',
      title: 'Get one-to-one with the creators you love.',
      lead: 'Chat, stamps, fan clubs and shops with your favorite creators. Show your support with mushrooms.',
      cta: 'Start with LINE',
      ctaNote: 'Sign up in seconds with your LINE account.',
      creatorLink: 'Creators and venues, start here',
    },
    features: {
      heading: 'What you can do',
      chat: {
        title: 'One-to-one chat',
        body: 'Talk with a creator in a chatroom that is just for the two of you. Each message you send uses mushrooms; replies from the creator are free.',
      },
      stamps: {
        title: 'Stamps',
        body: 'Send stamps in chat to say what words alone cannot.',
      },
      fanClub: {
        title: 'Fan clubs',
        body: 'Join for a monthly fee and enjoy posts only members can see. You can stop automatic renewal at any time.',
      },
      shop: {
        title: 'Shops',
        body: 'Buy creators’ digital items and goods. Digital items you buy are always there in your library.',
      },
    },
    points: {
      heading: 'About mushrooms',
      lead: 'Mushrooms are the points you use for chat, stamps, fan clubs and shops.',
      priceLabel: 'Price',
      price: '{{yenPerMushroom}} yen per mushroom (tax included)',
      validityLabel: 'Valid for',
      validity: '{{lotDays}} days from purchase (cannot be extended)',
      paymentLabel: 'Payment',
      payment: 'Credit card',
      leaf: 'Leaves, which you can get in campaigns, can also be used for chat.',
    },
    safety: {
      heading: 'Stay safe',
      block: { title: 'Block', body: 'You receive no messages from people you block.' },
      mute: { title: 'Mute', body: 'Muted chatrooms send you no notifications.' },
      report: {
        title: 'Report',
        body: 'Report inappropriate messages from the chatroom menu. Our team reviews every report and takes action.',
      },
      rules: 'Adult content is not allowed. Minors have a monthly limit on how much they can spend.',
    },
    finalCta: {
      heading: 'Ready to start?',
      cta: 'Start with LINE',
    },
  },
  creator: {
    hero: {
      eyebrow: 'For creators and venues',
      title: 'Turn time with your fans into income.',
      lead: 'Chat, shop, fan club and broadcasts: every exchange with your fans earns you rewards.',
      register: 'Sign up free',
      login: 'Log in',
      castLogin: 'Cast login',
    },
    earn: {
      heading: 'How you earn',
      lead: 'Your reward is the value of the mushrooms fans spend, multiplied by these rates.',
      rateLabel: 'Reward rate',
      chat: {
        title: 'Chat',
        rate: '{{chatRate}}',
        body: 'You earn on every message a fan sends. Set your price from {{chatMinimumCost}} mushroom per message; your replies are free.',
        // The live registration campaign (issue 17): with its figures, and without (unknown or none)
        campaign: 'Sign up with a campaign code and earn {{rate}} on chat until {{endsAt}}.',
        campaignNeutral: 'While a campaign runs, signing up with its code raises your chat rate.',
      },
      shop: {
        title: 'Shop',
        rate: '{{productRate}}',
        body: 'Digital items or goods: {{productRate}} of every sale is yours.',
      },
      fanClub: {
        title: 'Fan club',
        rate: '{{subscriptionRate}}',
        body: 'Monthly memberships give you steady income every month.',
      },
      gift: {
        title: 'Gifts (stamps)',
        rate: '{{giftRate}}',
        body: 'Stamps your fans send you earn rewards too.',
      },
      note: 'Anything paid with leaves or original points (free points) earns {{freePointRate}}.',
    },
    broadcast: {
      heading: 'Broadcasts',
      body: 'Set up to {{triggerLimit}} trigger broadcasts that reach fans automatically when they meet a condition, and up to {{scheduledLimit}} scheduled broadcasts sent at a time you choose.',
    },
    withdrawal: {
      heading: 'Withdraw to a bank in Japan',
      body: 'Request your rewards for a closed month by the {{cutoffDay}} (Japan time), and we transfer them to your Japanese bank account on the {{transferDay}} of the next month.',
      minimumLabel: 'Minimum withdrawal',
      minimum: '{{withdrawalMinimum}} yen',
      feeLabel: 'Transfer fee',
      fee: '{{transferFee}} yen',
    },
    organization: {
      heading: 'For venues and agencies',
      body: 'Bars, lounges, concept cafés, model agencies and similar businesses can register as an organization. Once approved after our review, you can create cast accounts and manage them in one place.',
    },
    finalCta: {
      heading: 'Start today',
      termsNote: 'Please read the Creator Terms before you sign up.',
      termsLink: 'Read the Creator Terms',
    },
  },
  footer: {
    label: 'About this site',
    terms: 'Terms of Service',
    commercial: 'Notice under the Act on Specified Commercial Transactions',
    creator: 'For creators',
    creatorTerms: 'Creator Terms',
    fans: 'For fans',
  },
} as const;
