/** Meta descriptions (search results and link previews), by the route's title key; `default` for the rest. */
export default {
  descriptions: {
    default:
      'kinoko is a fan community: chat one to one with the creators you love and support them through fan clubs and shops.',
    landing:
      'Chat one to one with the creators you love. kinoko is a fan community you can join right away with LINE.',
    creatorLanding:
      'Join as a creator and earn from chats, fan clubs and your shop on kinoko. Registration is free.',
    terms: 'The terms of use of kinoko. Please read them before using the service.',
    creatorTerms: 'The terms of use for creators on kinoko.',
    commercial:
      'Disclosure under the Specified Commercial Transactions Act for kinoko: seller, prices and payment methods.',
    userLogin: 'Log in to kinoko with your LINE account and chat with the creators you love.',
    lineRecovery:
      'Changed your LINE account? Move your kinoko account to it with your registered e-mail address.',
    creatorLogin: 'Log in to kinoko as a creator or a shop owner.',
    castLogin: 'Log in as a cast member with the account your venue or agency gave you.',
    register: 'Create a free kinoko creator account with your e-mail address.',
    forgotPassword: 'Forgot your kinoko password? Reset it with your registered e-mail address.',
    profile: 'A creator profile on kinoko. Like, favorite and chat to show your support.',
    // Fan club (issue 14)
    fanclubPost: 'A creator’s post on kinoko. Members-only posts open for the fan club’s members.',
  },
};
