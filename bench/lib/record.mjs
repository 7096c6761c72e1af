// The --record step shared by the benchmarks that keep their figures in BENCHMARKS.md
// (bench/search.mjs, bench/watch.mjs): each benchmark owns a section between <!-- bench:NAME -->
// markers that a new run replaces, so that running one benchmark leaves the others' figures alone.
import { readFileSync, writeFileSync } from 'node:fs';

const newFile = "# Benchmarks\n\nFigures measured on this repository's machine; each section says the command that produced it.\n";

// recordSection writes body into file between the markers of section name. Where the markers are
// missing it appends them at the end under the heading "## heading"; where the file cannot be read
// it starts a new one.
export function recordSection(file, name, heading, body) {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = newFile;
  }
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const block = `${start}\n${body}\n${end}`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  text = i >= 0 && j > i ? text.slice(0, i) + block + text.slice(j + end.length) : `${text.replace(/\n*$/, '')}\n\n## ${heading}\n\n${block}\n`;
  writeFileSync(file, text);
}
