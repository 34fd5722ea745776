/** The notice screen (the notices' own texts are in notices.ts). */
export default {
  listLabel: 'Notices',
  unread: 'Unread',
  unreadCount: '{{count}} unread',
  allRead: 'All notices are marked as read.',
  marking: 'Marking as read…',
  more: 'Show more',
  loadingMore: 'Loading…',
};
