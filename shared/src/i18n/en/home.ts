export default {
  greeting: 'Hello, {{name}}',
  greetingNoName: 'Hello',
  lead: 'More home features are coming soon.',
  accountLink: 'Account',
  logout: 'Log out',
};
