/** The console's sign-in, layout and audit log (issue 17, access). */
export default {
  title: 'Operators’ console',
  nav: {
    dashboard: 'Dashboard',
    organizations: 'Organization reviews',
    reports: 'Reports',
    users: 'Users',
    items: 'Items',
    withdrawals: 'Withdrawals',
    news: 'News',
    points: 'Points',
    catalog: 'Stamps & campaigns',
    audit: 'Audit log',
    logout: 'Log out',
    menu: 'Menu',
  },
  login: {
    heading: 'Log in to the operators’ console',
    email: 'E-mail address',
    password: 'Password',
    code: 'Code',
    codeHint: 'The 6-digit code of your authenticator app, or a recovery code',
    submit: 'Log in',
  },
  enrol: {
    heading: 'Register your authenticator app',
    lead: 'This is your first login. Scan the QR code with an authenticator app (Google Authenticator, Microsoft Authenticator…) and enter the 6-digit code it shows.',
    qr: 'QR code to register the authenticator app',
    secret: 'If you cannot scan it, type this key:',
    submit: 'Register and log in',
    recoveryHeading: 'Recovery codes',
    recoveryLead:
      'If you lose your phone, each code works once instead of the authenticator’s code. Keep them somewhere safe: they are not shown again.',
    continue: 'I saved them. Go to the console',
  },
  forbidden: 'This page is for the operations staff only.',
};
