export default {
  greeting: 'Hello, {{name}}',
  greetingNoName: 'Hello',
  accountLink: 'Account',
  shortcuts: {
    label: 'Shortcuts',
    search: 'Search creators',
    favorites: 'Favorites',
    liked: 'Likes',
    likedYou: 'Who liked you',
    profile: 'My profile',
    cart: 'Cart',
    fanclub: 'Fan clubs',
  },
  recommended: {
    title: 'Recommended creators',
    empty: 'Recommendations are on their way.',
  },
  favorites: {
    title: 'Close friends',
    seeAll: 'See all',
    empty: 'The creators you add to your favorites appear here.',
    discover: 'Discover creators',
  },
  rankings: {
    title: 'Item rankings',
    label: 'Ranking by',
    amount: 'Sales',
    count: 'Units sold',
    empty: 'Rankings start when shops open.',
    amountValue: '{{value}} points',
    countValue: '{{value}} sold',
    by: 'by {{nickname}}',
  },
  banner: {
    label: 'Campaign',
  },
  storeIntro: {
    title: 'More fun with mushrooms',
    body: 'Mushrooms are the points you spend on chats, stamps and shop items. One is 10 yen (tax included); buy 10 or more at a time.',
    link: 'Buy mushrooms',
  },
  creatorIntro: {
    title: 'Reach your fans',
    body: 'A complete profile helps fans find you in recommendations and search.',
    edit: 'Edit profile',
  },
  news: {
    title: 'News',
    empty: 'No news yet.',
    listLabel: 'News',
    back: 'Back to home',
    toHome: 'Go to home',
  },
  help: {
    likeFavoriteLink: 'Like or favorite?',
    pointKindsLink: 'Kinds of points',
    close: 'Got it',
    likeFavorite: {
      title: 'Like or favorite?',
      like: 'Like',
      likeBody:
        'Tells a creator you like them. The creator gets a notice, and a like cannot be taken back. Creators may like you back.',
      favorite: 'Favorite',
      favoriteBody:
        'Keeps a creator close to visit later. Turn it on and off as often as you like; the creator is not notified and sees only how many fans keep them. Favorites appear under "Close friends" on home.',
    },
    pointKinds: {
      title: 'Kinds of points',
      mushroom: 'Mushrooms',
      mushroomBody:
        'Paid points bought in the store (10 yen each, tax included), for chats, stamps, items and fan clubs. They expire 180 days after purchase.',
      leaf: 'Leaves',
      leafBody:
        'Free points worth the same as mushrooms. They pay for chats only, and are spent before your mushrooms.',
      original: 'Original points',
      originalBody: 'Free points issued by a creator or shop, spendable only with that creator or shop.',
    },
  },
  tabBar: {
    label: 'Main menu',
    home: 'Home',
    discovery: 'Discover',
    likedYou: 'Likes',
    chat: 'Chat',
    notice: 'Notices',
    mypage: 'My page',
  },
};
