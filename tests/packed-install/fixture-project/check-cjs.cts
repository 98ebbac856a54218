// The same from a CommonJS TypeScript file.
import core = require('@airlock/core');
import zod = require('zod');

const result = core.safeParse('{"n": 1,}', zod.z.object({ n: zod.z.number() }));
if (result.success) {
  const n: number = result.data.n;
  void n;
}
