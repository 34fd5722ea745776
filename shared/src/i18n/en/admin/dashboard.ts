/** The console's dashboard section (issue 17). */
export default {
  title: 'Dashboard',
  asOf: 'As of {{date}} (Japan time)',
  error: 'The dashboard could not be loaded.',
  retry: 'Reload',
  today: 'Today',
  month: 'This month',
  sales: {
    heading: 'Sales by type',
    types: {
      '1': 'Chat',
      '2': 'Items',
      '3': 'Fan clubs',
      '4': 'Stamps (gifts)',
    },
    total: 'Total',
    points: '{{points}} pt',
    fee: 'Platform fee {{points}} pt',
    count_one: '{{n}} payment',
    count_other: '{{n}} payments',
    kinds: {
      mushroom: 'Mushrooms',
      leaf: 'Leaves',
      original: 'Original',
    },
    kindsCaption: '{{type}} sales {{period}} by point kind',
    paidShare: 'of which mushrooms (paid) {{points}} pt',
  },
  purchases: {
    heading: 'Mushroom purchases (card)',
    yen: '¥{{yen}}',
    detail_one: '{{mushrooms}} mushrooms, {{n}} purchase',
    detail_other: '{{mushrooms}} mushrooms, {{n}} purchases',
  },
  accounts: {
    heading: 'New accounts',
    fans: 'Fans',
    creators: 'Creators',
    owners: 'Shop and organization owners',
    value: '{{n}}',
  },
  queues: {
    heading: 'Waiting for you',
    reports: 'Reports to handle',
    reportStatus: {
      open: 'Open',
      in_progress: 'In progress',
    },
    organizations: 'Organizations to review',
    withdrawals: 'Withdrawals to process',
    withdrawalStatus: {
      unconfirmed: 'Not finalized',
      checking: 'Checking',
      reapplying: 'Reapplied',
    },
    value: '{{n}}',
    open: 'Open {{name}} ({{n}})',
  },
  charts: {
    sales: 'Sales of the last {{days}} days by type (points)',
    salesLabel:
      'Sales of the last {{days}} days: chat {{chat}} pt, items {{product}} pt, fan clubs {{subscription}} pt, stamps {{gift}} pt',
    accounts: 'New accounts of the last {{days}} days',
    accountsLabel:
      'New accounts of the last {{days}} days: {{fans}} fans, {{creators}} creators, {{owners}} owners',
    table: 'Show as a table',
    day: 'Date',
  },
};
