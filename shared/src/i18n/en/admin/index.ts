/**
 * The operators' console catalogue (issue 17), one file per section: loaded only by the console
 * (web/src/features/admin), as the namespace `admin` (`t('admin.<section>.…')`).
 */
import access from './access.ts';
import catalog from './catalog.ts';
import content from './content.ts';
import dashboard from './dashboard.ts';
import reports from './reports.ts';
import withdrawals from './withdrawals.ts';

export default { access, reports, withdrawals, content, catalog, dashboard };
