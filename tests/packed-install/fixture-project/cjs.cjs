// Required the way a CommonJS user requires Airlock (require of an ES module, Node >= 20.19).
const { safeParse } = require('@airlock/core');
const { closedJsonSchema } = require('@airlock/core/schema');
const { z } = require('zod');

const result = safeParse('{"title": "Fix login", "priority": 2,}', z.object({ title: z.string(), priority: z.number() }));
console.log(JSON.stringify({ success: result.success, data: result.success ? result.data : null, schema: typeof closedJsonSchema }));
