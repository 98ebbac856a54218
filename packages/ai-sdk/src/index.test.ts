/** Guards the package's public root: a name added or removed here is an API change. */
import { expect, it } from 'vitest';
import * as root from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(root).sort()).toEqual(['airlockFailure', 'objectOutput', 'repairText']);
});
