// The browser tests' temporary folders (built sites, copies of the Vela project) are removed when
// the test process ends: each holds about 19 MB, and the suite made about 180 a run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { root } from './harness.mjs';

test('a temporary folder from tempDir is gone once the test process ends', () => {
  const harness = pathToFileURL(join(root, 'tests', 'browser', 'harness.mjs')).href;
  const script = `import { tempDir } from ${JSON.stringify(harness)};
import { writeFileSync } from 'node:fs';
const dir = tempDir('docsd-harness-cleanup-');
writeFileSync(dir + '/file', 'x');
console.log(dir);`;
  // The first line: importing node:test (as the harness does) makes the process print a report after.
  const dir = execFileSync(process.execPath, ['--input-type=module', '-e', script]).toString().split('\n')[0];
  assert.match(dir, /docsd-harness-cleanup-/);
  assert.equal(existsSync(dir), false, `${dir} is left behind`);
});
