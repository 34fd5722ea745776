/** Web unit tests: async queries wait up to 3 s, so a loaded CI machine does not time them out. */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 3000 });
