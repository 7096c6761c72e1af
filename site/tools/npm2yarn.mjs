// npm2yarn.mjs converts npm commands for another package manager with npm-to-yarn, the library
// Docusaurus's npm2yarn remark plugin uses, so that a code block marked npm2yarn gives the tabs
// Docusaurus gives (pkg/npm2yarn starts this process and keeps it for the builder's life).
// Protocol: one JSON request a line on stdin, {"code": "npm i x", "to": "yarn"}; one JSON answer a
// line on stdout, {"out": "yarn add x"} or {"error": "…"}, in the same order.
import { createInterface } from 'node:readline';
import convert from 'npm-to-yarn';

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  let answer;
  try {
    const { code, to } = JSON.parse(line);
    answer = { out: convert(code, to) };
  } catch (e) {
    answer = { error: String((e && e.message) || e) };
  }
  process.stdout.write(JSON.stringify(answer) + '\n');
}
