/**
 * Keeps `@holiday-jp/holiday_jp`'s data set small in the Lambda bundles. The package carries every
 * holiday since 1970 with its weekday and names in two languages (171 KB minified); the transfer-date
 * rule (shared/src/withdrawal.ts) reads only whether a date is a holiday. In a bundle this esbuild
 * plugin replaces the package with a module of the same shape (`default.holidays`, keyed by date)
 * holding only the dates, taken from the installed package when the bundle is built: the data set
 * stays the maintained one, kept current by the dependency. Source runs (tests, the local cloud)
 * use the package itself.
 */
import { createRequire } from 'node:module';
import type { Plugin } from 'esbuild';

const NAMESPACE = 'holiday-dates';

/** The bundle's form of the package: its dates as one string, keyed back into an object at load. */
export function holidayDatesModule(): string {
  const { holidays } = createRequire(import.meta.url)('@holiday-jp/holiday_jp') as {
    holidays: Record<string, unknown>;
  };
  const dates = Object.keys(holidays).sort().join(',');
  return `const holidays = Object.fromEntries(${JSON.stringify(dates)}.split(',').map((d) => [d, true]));
export default { holidays };
`;
}

export function holidayDataPlugin(): Plugin {
  return {
    name: 'holiday-dates',
    setup(build) {
      build.onResolve({ filter: /^@holiday-jp\/holiday_jp$/ }, (args) => ({
        path: args.path,
        namespace: NAMESPACE,
      }));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, () => ({
        contents: holidayDatesModule(),
        loader: 'js',
      }));
    },
  };
}
