// The MDX compiler docsd runs in one long-lived Node process: MDX has one real compiler,
// @mdx-js/mdx, and it is JavaScript. docsd sends one JSON request per line on stdin:
//   {id, file, source, firstLine, token, headings: [{level, id, value}], dropTitle, page, fullSyntax,
//    components, anyComponent, runs, runHeadings, runsInAdmonition}
// and gets one JSON line back: {id, js, code, links} or {id, error: {line, column, message}}; or
//   {id, kind: "components", file, source} (a site's src/theme/MDXComponents) and gets
//   {id, names, open} (providedNames); or {id, kind: "sass", file, sass, roots, modules} (a Sass
//   stylesheet a site's component imports) and gets {id, css, loaded} (compileSass); or
//   {id, kind: "flow", file, source, babel, presets, plugins, enums} (a site's component written in
//   Flow) and gets {id, js} (stripFlow); or
//   {id, kind: "counts"} (tests) and gets {id, calls, combinations} (combine-once.mjs).
// What makes an MDX page look like our Markdown pages is decided in Go: the heading ids (docsd's
// slugs and {#custom} ids) come with the request; each code fence and each link or image URL is
// left in the JavaScript as a placeholder string ("<token>-code-<n>", "<token>-link-<n>") and listed
// in the answer, and docsd puts its own highlighted HTML and resolved URLs in their place. The
// plugins below do that, drop the title heading, and turn `:::kind` containers into <Admonition>.
import { createProcessor } from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import { combineExtensions, combinedCounts } from './combine-once.mjs';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { readFileSync, readSync, realpathSync, statSync, writeSync } from 'node:fs';
import { Module, createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { StringDecoder } from 'node:string_decoder';
import { parse as parseJS } from 'acorn';

// htmlComments turns HTML comments into MDX comments outside inline code, as Docusaurus 3 does for
// content written for MDX 1 (its mdx1Compat.comments, on by default): MDX has no HTML comments.
// A comment runs from "<!--" to the next "-->", over lines too (comment.open carries it from one
// line to the next). A "<!--" in a JSX tag (`title="a <!-- b"`) or an expression begun on its line
// is no comment, as Docusaurus's comment syntax reads it, and is left as written; nor is a "-->"
// with no comment open ("2x --> 0.5x", an arrow in a diagram's source).
function htmlComments(line, comment) {
  let at = 0; // where the part being read starts in line
  return line
    .split(/(`+[^`]*`+)/)
    .map((part, i) => {
      const from = at;
      at += part.length;
      if (i % 2 && !comment.open) return part;
      let out = '';
      let read = 0; // of part
      for (;;) {
        if (comment.open) {
          const end = part.indexOf('-->', read);
          if (end < 0) return out + part.slice(read);
          out += part.slice(read, end) + '*/}';
          read = end + 3;
          comment.open = false;
          continue;
        }
        const open = part.indexOf('<!--', read);
        if (open < 0) return out + part.slice(read);
        if (inTagOrExpression(line, from + open)) {
          out += part.slice(read, open + 4);
        } else {
          out += part.slice(read, open) + '{/*';
          comment.open = true;
        }
        read = open + 4;
      }
    })
    .join('');
}

// inTagOrExpression reports whether line[pos] is inside a JSX tag (`<Name …`, strings in it
// included) or a {…} expression begun on the line: what MDX reads as JavaScript, not Markdown.
function inTagOrExpression(line, pos) {
  let depth = 0;
  let tag = false;
  let quote = '';
  for (let i = 0; i < pos; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (tag && depth === 0 && (c === '"' || c === "'")) {
      quote = c;
    } else if (c === '{') {
      depth++;
    } else if (c === '}') {
      depth = Math.max(0, depth - 1);
    } else if (depth > 0 && (c === '"' || c === "'" || c === '`')) {
      quote = c;
    } else if (tag && depth === 0 && c === '>') {
      tag = false;
    } else if (!tag && depth === 0 && c === '<' && /[A-Za-z]/.test(line[i + 1] || '')) {
      tag = true;
    }
  }
  return tag || depth > 0 || quote !== '';
}

// bracketTitles rewrites `:::kind Title` (the older Docusaurus form) to `:::kind[Title]`, which is
// directive syntax, `::: kind` to `:::kind`, and HTML comments to MDX comments, outside code fences.
// Any kind is an admonition, as in our Markdown (pkg/markdown): an unknown one shows as a note.
// Lines keep their numbers.
function bracketTitles(source) {
  let fence = null;
  const comment = { open: false }; // a comment's lines are no fence's
  const titled = (line) => {
    // (A backtick fence's info has no backtick: "```a`b" opens no fence for MDX.)
    const f = !comment.open && /^\s*(`{3,}(?=[^`]*$)|~{3,})/.exec(line);
    if (f) {
      if (!fence) fence = f[1];
      else if (f[1][0] === fence[0] && f[1].length >= fence.length && line.trim() === f[1]) fence = null;
      return line;
    }
    if (fence) return line;
    if (comment.open || line.includes('<!--')) line = htmlComments(line, comment);
    const m = /^(\s*:{3,})[ \t]*([A-Za-z][\w-]*)(.*)$/.exec(line);
    if (!m) return line;
    const rest = m[3].trim();
    if (rest === '' || rest[0] === '[' || rest[0] === '{') return `${m[1]}${m[2]}${rest}`;
    return `${m[1]}${m[2]}[${rest}]`;
  };
  return source
    .split('\n')
    .map((whole) => {
      // A line of a file written with CRLF keeps its "\r", after what is read here (Docusaurus's
      // title rewrite reads such a line's title to the "\r", which ends a line for its pattern).
      const cr = whole.endsWith('\r') ? '\r' : '';
      return titled(cr ? whole.slice(0, -1) : whole) + cr;
    })
    .join('\n');
}

function textOf(node) {
  if (!node) return '';
  if (typeof node.value === 'string' && node.type !== 'mdxjsEsm') return node.value;
  return (node.children || []).map(textOf).join('');
}

// headingText is a hast heading's text as docsd's model of the page has it (pkg/markdown's
// inlineText): an image's alternative text included, and an expression's source in its braces
// (docsd reads `{v}` as text; without them no heading of docsd's matched and the heading got a
// slug of its own, which its TOC entry did not link to).
function headingText(node) {
  if (node.type === 'element' && node.tagName === 'img') return String(node.properties.alt || '');
  if (node.type === 'mdxTextExpression') return `{${node.value}}`;
  if (typeof node.value === 'string' && node.type !== 'mdxjsEsm') return node.value;
  return (node.children || []).map(headingText).join('');
}

function attr(name, value) {
  return { type: 'mdxJsxAttribute', name, value };
}

// remarkDocsd: containers (`:::kind`) become <Admonition type="kind">, which draws the kind as our
// Markdown does (pkg/markdown's table); text and leaf directives go back to the text they were
// written as (a time like 10:30 or a word after a colon is no directive); code fences become
// docsd's highlighted HTML.
function remarkDocsd() {
  return (tree, file) => {
    const options = file.data.docsd;
    if (options.runs) countRuns(tree, options);
    const codeBlocks = codeBlockNames(tree);
    const visit = (node, parent, index) => {
      if (node.type === 'code' && node.position) options.found.fenced.push([node.position.start.line, node.position.end.line]);
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name && node.position && !options.found.elements.has(node.name)) {
        options.found.elements.set(node.name, node.position.start);
      }
      if (node.type === 'containerDirective') {
        let title = node.attributes && node.attributes.title;
        const children = [...node.children];
        if (children[0] && children[0].data && children[0].data.directiveLabel) {
          const label = children.shift();
          // A title with inline markup (code, emphasis, a link) keeps it, as in our Markdown: it
          // goes to the Admonition as its first child, a <DocsdAdmonitionTitle>, which the
          // component draws as its title. A plain title stays a string attribute.
          if (label.children.every((c) => c.type === 'text')) title = textOf(label);
          else children.unshift({ type: 'mdxJsxFlowElement', name: 'DocsdAdmonitionTitle', attributes: [], children: label.children, position: label.position });
        }
        const attributes = [attr('type', node.name.toLowerCase())];
        if (title) attributes.push(attr('title', title));
        parent.children[index] = { type: 'mdxJsxFlowElement', name: 'Admonition', attributes, children, position: node.position };
        node = parent.children[index];
      } else if (node.type === 'textDirective' || node.type === 'leafDirective') {
        const colons = node.type === 'textDirective' ? ':' : '::';
        const label = node.children && node.children.length ? `[${textOf(node)}]` : '';
        const text = { type: 'text', value: `${colons}${node.name}${label}` };
        if (node.type === 'textDirective') parent.children[index] = text;
        else parent.children[index] = { type: 'paragraph', children: [text] };
        return;
      } else if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && codeBlocks.has(node.name)) {
        const code = literalCodeBlock(node);
        if (code) {
          const token = `${options.token}-code-${options.found.code.length}`;
          options.found.code.push(code);
          parent.children[index] = { type: node.type, name: 'DocsdHTML', attributes: [attr('html', token)], children: [], position: node.position };
          return;
        }
      } else if (node.type === 'code') {
        // The code as written, when blankCode left it out of the parse.
        const lines = node.position && `${node.position.start.line}:${node.position.end.line}`;
        const value = options.blankedCode && options.blankedCode.has(lines) ? options.blankedCode.get(lines) : node.value;
        if (node.lang === 'mdx-code-block') {
          // Docusaurus's escape hatch: the fence's content is MDX, written as a fence so that other
          // Markdown tools show it as code. docsd unwraps these fences before compiling; one left
          // (shown inside another) stays a code block of its code.
          node.value = value;
          return;
        }
        const info = [node.lang || '', ...(node.meta || '').split(/\s+/)].filter(Boolean).join(' ');
        const token = `${options.token}-code-${options.found.code.length}`;
        options.found.code.push({ info, value });
        parent.children[index] = { type: 'mdxJsxFlowElement', name: 'DocsdHTML', attributes: [attr('html', token)], children: [], position: node.position };
        return;
      }
      if (node.children) for (let i = 0; i < node.children.length; i++) visit(node.children[i], node, i);
    };
    // The `{/* truncate */}` (or `<!-- truncate -->`) that ends a blog post's excerpt, at the top
    // level, becomes <DocsdTruncate />: it shows nothing on the page, and marks where the excerpt
    // docsd renders for the blog's lists ends (site/src/mdx/excerpt.jsx).
    tree.children.forEach((n, i) => {
      if (n.type === 'mdxFlowExpression' && /^\s*\/\*\s*truncate\s*\*\/\s*$/.test(n.value)) {
        tree.children[i] = { type: 'mdxJsxFlowElement', name: 'DocsdTruncate', attributes: [], children: [], position: n.position };
      }
    });
    if (options.dropTitle) {
      const i = tree.children.findIndex((n) => n.type === 'heading');
      if (i >= 0 && tree.children[i].depth === 1) tree.children.splice(i, 1);
    }
    visit(tree, null, 0);
  };
}

// A page's leading import block, read here rather than by acorn: MDX parses each ESM block with
// acorn, whose parser is made anew for every block, and on the few lines a split page leaves the
// compiler (pkg/mdx/runs.go) one import line was a quarter of its compile (0.2 of 0.7 ms). A block
// of simple import statements only, one a line, at the top of the page (blank lines before it),
// becomes the mdxjsEsm node micromark would make, its statements as acorn would give them; its
// text is blanked with spaces (lines, columns and offsets stay). Anything else stays in the source
// for MDX: another form, a name twice (acorn's error), a word a binding cannot be. MDX starts an
// import only at "import" and a space: after a tab, the line is a paragraph's text.
const importLine =
  /^import [ \t]*(?:([A-Za-z_$][\w$]*)(?:[ \t]*(,)[ \t]*|[ \t]+))?(?:\{([^{}'"]*)\}[ \t]*|\*[ \t]*as[ \t]+([A-Za-z_$][\w$]*)[ \t]+)?from[ \t]*(['"])([^'"\\\r\n]*)\5[ \t]*;?[ \t]*$/;
const namedImport = /^[ \t]*([A-Za-z_$][\w$]*)(?:[ \t]+as[ \t]+([A-Za-z_$][\w$]*))?[ \t]*$/;
const reservedWords = new Set(
  ('await break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if implements import in instanceof interface let new null package private protected public return static ' +
    'super switch this throw true try typeof var void while with yield arguments eval').split(' '),
);

// takeImports is source with its leading import block blanked, and a function that makes that
// block's mdxjsEsm node (esm is null when the page has no such block: source comes back as it is).
// A node is made for each compile: the recma plugins change the statements they are given, and a
// page may be compiled twice (handle); structuredClone of one node cost more than acorn's parse.
function takeImports(source) {
  let start = 0;
  while (source[start] === '\n') start++;
  const imports = []; // [default, namespace, [[imported, local]…] or null, quote, path] a line
  const locals = new Set();
  // A binding's name: none twice, and no reserved word (acorn's errors; MDX reports them).
  const local = (name) => {
    if (reservedWords.has(name) || locals.has(name)) return false;
    locals.add(name);
    return true;
  };
  let at = start;
  while (at < source.length) {
    const nl = source.indexOf('\n', at);
    const end = nl < 0 ? source.length : nl;
    const text = source.slice(at, end);
    if (text.trim() === '') break;
    // default binding, its comma, {named}, * as namespace, the quote and the path
    const m = importLine.exec(text);
    const more = m && (m[3] !== undefined || m[4] !== undefined);
    if (!m || (m[1] === undefined && !more) || (m[2] !== undefined) !== (m[1] !== undefined && more)) return { source, esm: null };
    if ((m[1] !== undefined && !local(m[1])) || (m[4] !== undefined && !local(m[4]))) return { source, esm: null };
    let named = null;
    if (m[3] !== undefined) {
      const items = m[3].split(',');
      if (items.length > 1 && items[items.length - 1].trim() === '') items.pop(); // a trailing comma
      named = [];
      for (const item of items) {
        const n = namedImport.exec(item);
        if (!n || (!n[2] && reservedWords.has(n[1])) || !local(n[2] || n[1])) return { source, esm: null };
        named.push([n[1], n[2] || n[1]]);
      }
    }
    imports.push([m[1], m[4], named, m[5], m[6]]);
    at = end + 1;
  }
  if (imports.length === 0) return { source, esm: null };
  const stop = Math.min(at, source.length) - (at <= source.length && source[at - 1] === '\n' ? 1 : 0);
  const value = source.slice(start, stop);
  const firstLine = source.slice(0, start).split('\n').length;
  const lines = value.split('\n');
  const id = (name) => ({ type: 'Identifier', name });
  const statement = ([byDefault, namespace, named, quote, path]) => {
    const specifiers = [];
    if (byDefault !== undefined) specifiers.push({ type: 'ImportDefaultSpecifier', local: id(byDefault) });
    if (namespace !== undefined) specifiers.push({ type: 'ImportNamespaceSpecifier', local: id(namespace) });
    if (named) for (const [imported, name] of named) specifiers.push({ type: 'ImportSpecifier', imported: id(imported), local: id(name) });
    return { type: 'ImportDeclaration', specifiers, source: { type: 'Literal', value: path, raw: quote + path + quote } };
  };
  const esm = () => ({
    type: 'mdxjsEsm',
    value,
    position: {
      start: { line: firstLine, column: 1, offset: start },
      end: { line: firstLine + lines.length - 1, column: lines[lines.length - 1].length + 1, offset: stop },
    },
    data: { estree: { type: 'Program', body: imports.map(statement), sourceType: 'module', comments: [] } },
  });
  return { source: source.slice(0, start) + value.replace(/[^\n]/g, ' ') + source.slice(stop), esm };
}

// remarkDocsdImports puts back the import block takeImports read, where it was: first.
function remarkDocsdImports() {
  return (tree, file) => {
    const { esm } = file.data.docsd;
    if (esm) tree.children.unshift(esm());
  };
}

// runName matches the name of a placeholder docsd left for one of the page's Markdown runs
// (pkg/mdx/runs.go: `<${token}run${n} />`), n in its group.
function runName(token) {
  return new RegExp(`^${token}run(\\d+)$`);
}

// countRuns counts the placeholders of the page's runs that are what docsd puts the run's elements
// in place of: a flow element of the page, of a JSX element or of a `:::kind` container (which
// remarkDocsd makes an <Admonition> element), with no attributes or children; and tells which are
// in an element. A placeholder read any other way (inside a list item, a paragraph) is not
// counted, and docsd compiles the page whole.
function countRuns(tree, options) {
  const name = runName(options.token);
  const expected = options.runsInAdmonition; // the runs docsd expects in a `:::` container, or none
  const visit = (node, parent, inAdmonition) => {
    const container = parent && (parent.type === 'root' || parent.type === 'mdxJsxFlowElement' || parent.type === 'containerDirective');
    if (node.type === 'mdxJsxFlowElement' && node.name && container) {
      const m = name.exec(node.name);
      if (m && node.attributes.length === 0 && node.children.length === 0) {
        options.found.runs.set(node.name, (options.found.runs.get(node.name) || 0) + 1);
        // Between a JSX element's children MDX puts no "\n" text, as it does between the page's.
        options.found.runsInJSX[Number(m[1])] = parent.type !== 'root';
        // docsd took this run's lines from an admonition, or from none, whose fences it read
        // (runblank.go): read otherwise here (a title MDX takes for no directive, a fence closed
        // elsewhere), the page is compiled whole.
        if (Boolean(expected && expected[Number(m[1])]) !== inAdmonition) options.found.runsMisplaced = true;
      }
    }
    if (node.children) for (const child of node.children) visit(child, node, inAdmonition || node.type === 'containerDirective');
  };
  visit(tree, null, false);
}

// runsHeld reports whether each of a page's runs placeholders was found once, as countRuns counts.
function runsHeld(req, found) {
  if (!req.runs) return true;
  if (found.runHeadingsDiffer || found.runsMisplaced) return false;
  if (found.runs.size !== req.runs) return false;
  for (const n of found.runs.values()) if (n !== 1) return false;
  return true;
}

// codeBlockNames are the names a page imports @theme/CodeBlock as.
function codeBlockNames(tree) {
  const names = new Set();
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm' || !node.data || !node.data.estree) continue;
    for (const decl of node.data.estree.body) {
      if (decl.type !== 'ImportDeclaration' || decl.source.value !== '@theme/CodeBlock') continue;
      for (const spec of decl.specifiers) if (spec.type === 'ImportDefaultSpecifier') names.add(spec.local.name);
    }
  }
  return names;
}

// literalCodeBlock is a <CodeBlock> whose code and attributes are written out (the code as one
// {`template`} or {'string'} child; language, title and showLineNumbers as plain attributes) as a
// fence would be: {info, value}, so that docsd highlights it as it does fences. Anything computed
// when the page renders gives null, and the component shows it unhighlighted.
function literalCodeBlock(node) {
  const info = [];
  let language = '';
  for (const a of node.attributes) {
    if (a.type !== 'mdxJsxAttribute' || (a.value !== null && typeof a.value !== 'string')) return null;
    if (a.name === 'language') language = a.value || '';
    else if (a.name === 'className' && /language-(\S+)/.test(a.value || '')) language = /language-(\S+)/.exec(a.value)[1];
    else if (a.name === 'title') info.push(`title=${JSON.stringify(a.value || '')}`);
    else if (a.name === 'showLineNumbers' && a.value === null) info.push('showLineNumbers');
    else return null;
  }
  const kids = node.children.filter((c) => !(c.type === 'text' && !c.value.trim()));
  if (kids.length !== 1 || !/^mdx(Flow|Text)Expression$/.test(kids[0].type)) return null;
  const program = kids[0].data && kids[0].data.estree;
  const expr = program && program.body.length === 1 && program.body[0].type === 'ExpressionStatement' ? program.body[0].expression : null;
  let value = null;
  if (expr && expr.type === 'TemplateLiteral' && expr.expressions.length === 0) value = expr.quasis[0].value.cooked;
  else if (expr && expr.type === 'Literal' && typeof expr.value === 'string') value = expr.value;
  if (value === null) return null;
  return { info: [language, ...info].filter(Boolean).join(' '), value: value.replace(/\n$/, '') };
}

// slug is the fallback id of a heading docsd did not see (one inside a JSX block), GitHub's way.
function slug(text, used) {
  const base = text.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').trim().replace(/\s/g, '-') || 'heading';
  let id = base;
  for (let n = 1; used.has(id); n++) id = `${base}-${n}`;
  used.add(id);
  return id;
}

// rehypeDocsd gives headings docsd's ids (matched by text, in order) and links and images their
// resolved URLs.
function rehypeDocsd() {
  return (tree, file) => {
    const options = file.data.docsd;
    // The page's headings given out in the order of the page, as the page compiled whole would
    // give them: a Markdown run's (pkg/mdx/runs.go) where its placeholder is. A run's heading has
    // its id already; when the page compiled whole would give it another (a heading docsd's model
    // of the page does not see, or sees where MDX has none), runsHeld fails and docsd compiles
    // the page whole.
    const runHeadings = options.runHeadings || [];
    const ids = options.headings.map((h) => ({ ...h, used: runHeadings.length === 0 && !!h.taken }));
    const taken = new Set(options.headings.map((h) => h.id));
    // The first heading not used yet with a text, by text: a cursor per text moves past the used
    // ones (a heading is used once, never freed), where a search from the top for each heading was
    // quadratic in a page's headings.
    const byText = new Map();
    for (const h of ids) {
      const same = byText.get(h.value);
      if (same) same.list.push(h);
      else byText.set(h.value, { list: [h], next: 0 });
    }
    const firstUnused = (text) => {
      const same = byText.get(text);
      if (!same) return undefined;
      while (same.next < same.list.length && same.list[same.next].used) same.next++;
      return same.list[same.next];
    };
    const runPlaceholder = runName(options.token);
    const link = (dest, image, node) => {
      const token = `${options.token}-link-${options.found.links.length}`;
      const start = node.position && node.position.start;
      options.found.links.push({ dest, image, line: start ? start.line : 0, column: start ? start.column : 0 });
      return token;
    };
    const visit = (node) => {
      const run = node.type === 'mdxJsxFlowElement' && node.name && runPlaceholder.exec(node.name);
      if (run) {
        for (const rh of runHeadings[Number(run[1])] || []) {
          const h = firstUnused(rh.value);
          if (h) h.used = true;
          if (!h || h.id !== rh.id) options.found.runHeadingsDiffer = true;
        }
      }
      if (node.type === 'element') {
        if (/^h[1-6]$/.test(node.tagName)) {
          // A line break in a heading (a setext heading over lines) is a space in docsd's text of
          // it (pkg/markdown's inlineText), as it is in the TOC, and an image its alt text.
          const text = headingText(node).replace(/[ \t]*\n[ \t]*/g, ' ').trim();
          const h = firstUnused(text);
          if (h) {
            h.used = true;
            if (h.id) node.properties.id = h.id;
          } else if (!node.properties.id) node.properties.id = slug(text, taken);
        } else if (node.tagName === 'a' && typeof node.properties.href === 'string') {
          node.properties.href = link(node.properties.href, false, node);
        } else if (node.tagName === 'img' && typeof node.properties.src === 'string') {
          node.properties.src = link(node.properties.src, true, node);
        }
      }
      if (node.children) node.children.forEach(visit);
    };
    visit(tree);
  };
}

// GFM's parts, in remark-gfm's order (autolink literals, footnotes, strikethrough, tables, task
// lists), each with the test that tells a source that cannot use it: remark-gfm's syntax is tried
// at every character it may start on (autolink literals at every letter and digit), which made
// GFM a third of the compiler's CPU. A part is left out only when the characters it needs are
// nowhere in the Markdown (markdownText), so the tree, and the module, are the same as with
// remark-gfm. Autolink literals need www., http(s):// or an @ (an email), in the text or decoded
// from a character reference (&); footnotes [^; strikethrough ~; tables a |; task list items
// [ ], [x] or [X].
const gfmParts = [
  [/www\.|https?:\/\/|@|&/i, gfmAutolinkLiteral, gfmAutolinkLiteralFromMarkdown],
  [/\[\^/, gfmFootnote, gfmFootnoteFromMarkdown],
  [/~/, gfmStrikethrough, gfmStrikethroughFromMarkdown],
  [/\|/, gfmTable, gfmTableFromMarkdown],
  [/\[[ \t\r\nxX]\]/, gfmTaskListItem, gfmTaskListItemFromMarkdown],
];

// gfmUsed is which of gfmParts a page whose Markdown text (markdownText) is text can use, as a
// bit mask.
function gfmUsed(text) {
  let mask = 0;
  gfmParts.forEach(([test], i) => {
    if (test.test(text)) mask |= 1 << i;
  });
  return mask;
}

// remarkGfmParts is remark-gfm (for parsing) with only the parts of mask.
function remarkGfmParts(mask) {
  const parts = gfmParts.filter((_, i) => mask & (1 << i));
  return function remarkGfmUsed() {
    if (parts.length === 0) return;
    const data = this.data();
    (data.micromarkExtensions ||= []).push(combineExtensions(parts.map(([, syntax]) => syntax())));
    (data.fromMarkdownExtensions ||= []).push(parts.map(([, , mdast]) => mdast()));
  };
}

// markdownText is the source without its import/export blocks, whose module paths ('@theme/…')
// would otherwise keep autolink literals in almost every page: all. A block is what MDX reads as
// one: a line that starts with "import " or "export " after a blank line (or first), up to the
// next blank line. Anything unsure keeps the text in: a block's lines from a fence-like line on
// (fences are tracked roughly; text kept in only makes a part stay). prose is all without the
// code between each fence and the fence that closes it, where `&&`, `@scope/package` and `a | b`
// kept autolink literals and tables in most pages with code; fences are those (their lines,
// 1-based). Tracked roughly, a fence may not be one (a line of an expression or of an export
// block, a fence a list item's end closes early): a page compiled for prose is checked against
// them (fencesHeld).
function markdownText(source) {
  const all = [];
  const prose = [];
  const fences = [];
  let fence = null; // the open fence: {marks, open: its line, code: its lines so far}
  let esm = false;
  let afterBlank = true;
  const lines = source.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const f = /^\s*(`{3,}|~{3,})(.*)$/.exec(line);
    if (esm && !f) {
      if (line.trim() === '') esm = false;
      afterBlank = true;
      continue;
    }
    esm = false;
    if (fence) {
      if (f && f[1][0] === fence.marks[0] && f[1].length >= fence.marks.length && f[2].trim() === '') {
        fences.push({ open: fence.open, close: i + 1, atMargin: fence.atMargin, code: fence.code });
        fence = null;
      } else {
        fence.code.push(line);
        all.push(line);
        afterBlank = line.trim() === '';
        continue;
      }
    } else if (f) {
      fence = { marks: f[1], open: i + 1, code: [], atMargin: line[0] === f[1][0] };
    } else if (afterBlank && /^(import|export) /.test(line)) {
      esm = true;
      continue;
    }
    all.push(line);
    prose.push(line);
    afterBlank = line.trim() === '';
  }
  if (fence) prose.push(...fence.code); // never closed: kept
  return { all: all.join('\n'), prose: prose.join('\n'), fences };
}

// blankCode is source with the code of each fence at the left margin (markdownText's fences)
// made blank lines, and that code by the fence's lines ("open:close"): docsd puts its own
// highlighted HTML where a code block was, so the compiler needs its code but not to parse it, and
// micromark read code character by character (a tenth of the compiler's CPU on typescript-eslint's
// docs). Such a fence's code block holds its lines exactly as written (no indentation to take
// off, no container's marks), unless the source has what micromark rewrites (a CR, a NUL), which
// keeps it whole. null when nothing is blanked. Like leaving GFM parts out, this holds only for
// fences that are code blocks in the page as compiled (fencesHeld).
function blankCode(source, fences) {
  const blanked = fences.filter((f) => f.atMargin && f.code.length > 0);
  if (blanked.length === 0 || source.includes('\r') || source.includes('\0')) return null;
  const lines = source.split('\n');
  const code = new Map();
  for (const f of blanked) {
    code.set(`${f.open}:${f.close}`, f.code.join('\n'));
    for (let i = f.open; i < f.close - 1; i++) lines[i] = '';
  }
  return { source: lines.join('\n'), fences: blanked, code };
}

// fencesHeld reports whether each fence markdownText left out the code of is, in the page as
// compiled, a code block from that fence to its closing one (found.fenced: the code blocks'
// lines). Then the code left out was code, where no GFM syntax is read, and the parts left out
// for it change nothing.
function fencesHeld(fences, fenced) {
  const blocks = new Set(fenced.map(([start, end]) => `${start}:${end}`));
  return fences.every((f) => blocks.has(`${f.open}:${f.close}`));
}

// A directive (`:name`, `::name`, `:::name`) starts with a colon and a name, whose first character
// is anything but white space and punctuation or symbols (micromark-extension-directive's
// factoryName: `:30` in "10:30" is one): a source without such a pair has none, and is parsed
// without remark-directive, which is tried at every colon.
const directiveStart = /:[^\s\p{P}\p{S}]/u;

// The components docsd's provider gives every page without an import (site/src/mdx/components.jsx;
// pkg/mdx TestProvidedComponents keeps the two lists the same).
const provided = new Set(['Admonition', 'DocsdAdmonitionTitle', 'DocsdHTML', 'DocsdTruncate', 'Head']);

// undefinedComponent is the first component (in the source) a page's module uses that nothing defines: neither an
// import or export of the page nor docsd's provider. MDX compiles such a page and throws when it
// renders ("Expected component … to be defined"), which left the page empty; Docusaurus fails
// the build. A partial is let be: the page that shows it may pass it components.
// siteProvided are the names the site's src/theme/MDXComponents gives every page (the request's
// components, read by providedNames).
function undefinedComponent(js, found, siteProvided) {
  let first = null;
  // A member (<Base.Name>) of a Base the page defines (imports or exports) is checked when it
  // renders: what Base holds is not known here. The names the page takes from the provider are
  // those MDX destructures from it; the others the page defines.
  const fromProvider = new Set();
  for (const m of js.matchAll(/const \{([^}]*)\} = \{\s*\.\.\._provideComponents\(\)/g)) {
    for (const n of m[1].split(',')) fromProvider.add(n.split(':')[0].trim());
  }
  for (const m of js.matchAll(/_missingMdxReference\("([^"]+)", true\)/g)) {
    const base = m[1].split('.')[0];
    if (provided.has(base) || siteProvided.has(base)) continue;
    if (m[1].includes('.') && !fromProvider.has(base)) continue;
    const at = found.elements.get(m[1]) || { line: 0, column: 0 };
    if (!first || at.line < first.at.line || (at.line === first.at.line && at.column < first.at.column)) first = { name: m[1], at };
  }
  return first;
}

// providedNames reads which components a site's src/theme/MDXComponents gives every page: the keys
// of the object its default export is (req.source is the file as esbuild made it plain JavaScript).
// A spread of docsd's own map (@theme-original/MDXComponents) adds nothing the provider does not
// give already. Anything not written out (a spread of something else, a computed key, a default
// export that is not an object) makes the set open: the compiler cannot tell a missing component.
function providedNames(req) {
  const program = parseJS(req.source, { ecmaVersion: 'latest', sourceType: 'module' });
  const imports = new Map(); // local name → module
  const consts = new Map(); // local name → its initial value
  let exported = null;
  const declare = (decl) => {
    if (decl && decl.type === 'VariableDeclaration') for (const d of decl.declarations) if (d.id.type === 'Identifier' && d.init) consts.set(d.id.name, d.init);
  };
  for (const node of program.body) {
    if (node.type === 'ImportDeclaration') for (const s of node.specifiers) imports.set(s.local.name, node.source.value);
    else if (node.type === 'VariableDeclaration') declare(node);
    else if (node.type === 'ExportDefaultDeclaration') exported = node.declaration;
    else if (node.type === 'ExportNamedDeclaration') {
      declare(node.declaration);
      for (const s of node.specifiers) if ((s.exported.name || s.exported.value) === 'default') exported = { type: 'Identifier', name: s.local.name };
    }
  }
  const names = new Set();
  let open = false;
  const read = (expr, depth) => {
    if (!expr || depth > 16) {
      open = true;
    } else if (expr.type === 'Identifier') {
      if (/^@theme(-original)?\/MDXComponents$/.test(imports.get(expr.name) || '')) return;
      if (consts.has(expr.name)) read(consts.get(expr.name), depth + 1);
      else open = true;
    } else if (expr.type === 'ObjectExpression') {
      for (const p of expr.properties) {
        if (p.type === 'SpreadElement') read(p.argument, depth + 1);
        else if (!p.computed && p.key.type === 'Identifier') names.add(p.key.name);
        else if (!p.computed && p.key.type === 'Literal') names.add(String(p.key.value));
        else open = true;
      }
    } else {
      open = true;
    }
  };
  read(exported, 0);
  return { id: req.id, names: [...names].sort(), open };
}

// A processor is made once per set of syntax extensions (at most 2^6 of them, plus the full set)
// and reused for every page that needs that set: making one per page (what @mdx-js/mdx's compile
// does) built the micromark extensions and a new acorn parser class each time, which was about a
// tenth of the compiler's CPU and kept V8 from optimizing the parser. What a page's plugins need
// (its token, headings, what they found) travels with its file (file.data.docsd), so reusing a
// processor carries nothing from one page to the next.
const processors = new Map();

// MDX's own nodes (imports and exports, expressions, JSX) go from the Markdown tree to the HTML tree
// as they are: remark-rehype's passThrough, which @mdx-js/mdx asks for, gives a structuredClone of
// each (its ESTree included), a tenth of the compiler's CPU on a page with little Markdown (an import,
// and each expression, carries an ESTree). The Markdown tree is dropped once the HTML tree is made,
// so each node moves over without the copy; the tree, and the module, are the same.
function passThroughUncopied(state, node) {
  if (!('children' in node)) return node;
  const { children, ...shallow } = node;
  return { ...shallow, children: state.all(node) };
}
const mdxNodeHandlers = Object.fromEntries(
  ['mdxFlowExpression', 'mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxTextExpression', 'mdxjsEsm'].map((type) => [type, passThroughUncopied]),
);

function processorFor(fullSyntax, gfmMask, directive) {
  const key = fullSyntax ? 'full' : `${gfmMask}:${directive}`;
  let processor = processors.get(key);
  if (!processor) {
    const remarkPlugins = fullSyntax ? [remarkGfm, remarkDirective] : [remarkDocsdImports, remarkGfmParts(gfmMask)];
    if (!fullSyntax && directive) remarkPlugins.push(remarkDirective);
    remarkPlugins.push(remarkDocsd);
    processor = createProcessor({
      remarkPlugins,
      rehypePlugins: [rehypeDocsd],
      // fullSyntax is the reference the tests compare with: MDX's nodes copied, as remark-rehype does.
      remarkRehypeOptions: fullSyntax ? {} : { handlers: mdxNodeHandlers },
      providerImportSource: 'docsd:mdx-components',
      // docsd decided the file is MDX (pkg/mdx.IsMDX); the compiler would treat a .md file as Markdown.
      format: 'mdx',
      development: false,
    });
    processors.set(key, processor);
  }
  return processor;
}

// Sass. Docusaurus sites style components with .scss files that docusaurus-plugin-sass compiles with
// the site's own `sass` package; docsd does the same, in this process (which a build that imports a
// stylesheet already runs), with the package docsd found in the project (req.sass, its folder).
// Loading it costs CPU once per process, and only when a stylesheet asks (withCodeCache).
const sassPackages = new Map();

function sassAt(dir) {
  let sass = sassPackages.get(dir);
  if (!sass) {
    const require = createRequire(path.join(dir, 'package.json'));
    let compiled = '';
    try {
      compiled = realpathSync(path.join(path.dirname(require.resolve(dir)), 'sass.dart.js'));
    } catch {
      // another layout of the package: loaded as Node loads it
    }
    sass = withCodeCache(compiled, () => require(dir));
    sassPackages.set(dir, sass);
  }
  return sass;
}

// withCodeCache runs load, in which Node loads the CommonJS file (sass's sass.dart.js, 5.8 MB of
// dart2js output) from V8's code cache kept in the compiler's cache folder (run.cjs gives it;
// without it, as Node loads it), and writes the cache when the process ends if there was none or
// V8 rejected it (another version of the file): loading sass took 0.45-0.55 s of CPU without the
// cache, 0.23-0.26 s with it (its first compile included: 0.52-0.61 s against 0.28-0.31 s). The
// cache is written whole by run.cjs's writeWhole, as the compiler's is.
function withCodeCache(file, load) {
  const dir = globalThis.docsdCompiler && globalThis.docsdCompiler.cacheDir;
  if (!dir || !file) return load();
  // node:crypto is loaded here, for the few builds that compile Sass: loaded with the compiler, it
  // was a third of the process's start (22 of 70 ms of CPU).
  const { createHash } = createRequire(file)('node:crypto');
  const cacheFile = path.join(dir, `sass-${createHash('sha256').update(file).digest('hex').slice(0, 16)}.v8cache`);
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // no cache yet
  }
  const compile = Module.prototype._compile;
  let script;
  Module.prototype._compile = function (content, filename) {
    if (filename !== file) return compile.call(this, content, filename);
    script = new vm.Script(Module.wrap(content), { filename, cachedData });
    const fn = script.runInThisContext();
    return fn.call(this.exports, this.exports, createRequire(filename), this, filename, path.dirname(filename));
  };
  try {
    return load();
  } finally {
    Module.prototype._compile = compile;
    if (script && script.cachedDataRejected !== false) {
      process.on('exit', (code) => {
        if (code === 0) globalThis.docsdCompiler.writeWhole(cacheFile, script.createCachedData());
      });
    }
  }
}

const isFile = (p) => {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
};

const sassSyntax = (file) => (file.endsWith('.sass') ? 'indented' : file.endsWith('.css') ? 'css' : 'scss');

// oneOf is the one existing file of files, or null; two are a mistake, as Sass says.
function oneOf(files, what) {
  const found = files.filter(isFile);
  if (found.length > 1) throw new Error(`It's not clear which file to import for "${what}": ${found.map((f) => path.basename(f)).join(', ')}`);
  return found[0] || null;
}

// withExtensions is Sass's candidates for base without an extension: partial or not, .sass and
// .scss first, then .css.
function withExtensions(base, what) {
  const dir = path.dirname(base);
  const name = path.basename(base);
  const of = (exts) => exts.flatMap((e) => [path.join(dir, `_${name}${e}`), path.join(dir, `${name}${e}`)]);
  return oneOf(of(['.sass', '.scss']), what) || oneOf(of(['.css']), what);
}

// sassFile is the file a load of base (an absolute path) names by Sass's rules: partials,
// extensions, import-only files for @import, then base/index; null when there is none.
function sassFile(base, fromImport) {
  const ext = path.extname(base);
  if (ext === '.sass' || ext === '.scss' || ext === '.css') {
    return oneOf([path.join(path.dirname(base), `_${path.basename(base)}`), base], base);
  }
  for (const b of [base, path.join(base, 'index')]) {
    const found = (fromImport && withExtensions(`${b}.import`, b)) || withExtensions(b, b);
    if (found) return found;
  }
  return null;
}

// packageFile is the file of a load that names a package ("bootstrap/scss/mixins", or webpack's
// "~bootstrap/…"): in the node_modules folders above the importing file, then in modules (the
// shell's), as sass-loader looks for it; a package named alone is its package.json's "sass" or
// "style" file.
function packageFile(url, from, modules, fromImport) {
  const spec = url.replace(/^~/, '');
  const folders = [];
  for (let dir = path.dirname(from); ; dir = path.dirname(dir)) {
    folders.push(path.join(dir, 'node_modules'));
    if (path.dirname(dir) === dir) break;
  }
  for (const modulesDir of [...folders, ...modules]) {
    const base = path.join(modulesDir, spec);
    const found = sassFile(base, fromImport);
    if (found) return found;
    if (/^(@[^/]+\/)?[^/@]+$/.test(spec) && isFile(path.join(base, 'package.json'))) {
      const pkg = JSON.parse(readFileSync(path.join(base, 'package.json'), 'utf8'));
      const named = pkg.sass || pkg.style;
      if (typeof named === 'string' && isFile(path.join(base, named))) return path.join(base, named);
    }
  }
  return null;
}

// checkReadable throws unless a stylesheet may be read: its real path (links followed) is in the
// project (one of roots) or in a node_modules folder, as for the site's JavaScript imports
// (pkg/bundle's mayImport). docsd checks the files loaded again.
function checkReadable(file, roots) {
  const real = realpathSync(file);
  const under = (root) => {
    const rel = path.relative(root, real);
    return rel !== '' && rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
  };
  if (roots.some(under) || real.split(path.sep).includes('node_modules')) return;
  const link = real === file ? '' : ` (a link to ${real})`;
  throw new Error(`${file}${link} is outside the project folder; docsd reads no file there`);
}

// compileSass compiles req.file. Every load goes through the importer below (relative ones, with
// the containing file's URL resolved, and package names), so none reads a file readable refuses.
// Warnings (deprecations) are not printed: stdout carries the answers.
function compileSass(req) {
  let sass;
  try {
    sass = sassAt(req.sass);
  } catch (error) {
    return { id: req.id, error: { file: req.file, message: `loading the sass package in ${req.sass}: ${error.message}` } };
  }
  const importer = {
    canonicalize(url, context) {
      let file;
      if (url.startsWith('file:')) {
        file = sassFile(fileURLToPath(url), context.fromImport);
      } else if (/^[a-z][a-z\d+.-]*:/i.test(url) || !context.containingUrl || context.containingUrl.protocol !== 'file:') {
        return null;
      } else {
        file = packageFile(url, fileURLToPath(context.containingUrl), req.modules || [], context.fromImport);
      }
      if (!file) return null;
      checkReadable(file, req.roots || []);
      return pathToFileURL(file);
    },
    load(url) {
      const file = fileURLToPath(url);
      return { contents: readFileSync(file, 'utf8'), syntax: sassSyntax(file) };
    },
  };
  try {
    const result = sass.compileString(readFileSync(req.file, 'utf8'), {
      url: pathToFileURL(req.file),
      syntax: sassSyntax(req.file),
      importer,
      importers: [importer],
      style: 'expanded',
      logger: sass.Logger.silent,
    });
    const loaded = result.loadedUrls.filter((u) => u.protocol === 'file:').map((u) => fileURLToPath(u));
    return { id: req.id, css: result.css, loaded };
  } catch (error) {
    const span = error && error.span;
    const message = String((error && (error.sassMessage || error.message)) || error);
    if (!span || !span.start) return { id: req.id, error: { file: req.file, message } };
    const file = span.url && span.url.protocol === 'file:' ? fileURLToPath(span.url) : req.file;
    return { id: req.id, error: { file, line: span.start.line + 1, column: span.start.column + 1, message } };
  }
}

// Flow. Some Docusaurus sites write their components in Flow (facebook/flow's babel config adds
// @babel/preset-flow and babel-plugin-syntax-hermes-parser), which esbuild does not read. They are
// given to the project's own Babel (req.babel, its @babel/core folder), as Docusaurus gives them,
// with only the plugins that take Flow out (req.presets, req.plugins: folders docsd found in the
// project): JSX and the rest stay for esbuild. retainLines keeps each line where the file has it.
// Loaded once per process, when a file asks.
const babels = new Map();

function loadFrom(dir) {
  let m = babels.get(dir);
  if (!m) {
    m = createRequire(path.join(dir, 'package.json'))(dir);
    babels.set(dir, m);
  }
  return m;
}

const noEnums = () => ({
  visitor: {
    EnumDeclaration(p) {
      const error = new Error('a Flow enum needs babel-plugin-transform-flow-enums (and flow-enums-runtime), which the project does not have: install them, as a site whose Babel config adds the plugin has them');
      error.loc = p.node.loc && p.node.loc.start; // stripFlow's catch gives it as the error's place
      throw error;
    },
  },
});

function stripFlow(req) {
  let babel, presets, plugins;
  try {
    babel = loadFrom(req.babel);
    presets = (req.presets || []).map((dir) => [loadFrom(dir), { all: true }]);
    plugins = (req.plugins || []).map((dir) => loadFrom(dir));
    // Flow's enums: transformed by the project's plugin when it has one; else a mistake at the
    // enum, which the preset would drop without a word (the page failing later, far from it).
    plugins.unshift(req.enums ? loadFrom(req.enums) : noEnums);
  } catch (error) {
    return { id: req.id, error: { file: req.file, message: `loading the project's Babel: ${error.message}` } };
  }
  try {
    const out = babel.transformSync(req.source, {
      filename: req.file,
      babelrc: false,
      configFile: false,
      retainLines: true,
      sourceType: 'unambiguous',
      parserOpts: { flow: 'all' },
      presets,
      plugins,
    });
    return { id: req.id, js: out.code };
  } catch (error) {
    const loc = error && error.loc;
    // Babel's message is "<file>: <reason> (line:column)" and a code frame: the reason alone.
    const first = String((error && error.message) || error).split('\n')[0];
    const message = first.replace(`${req.file}: `, '').replace(/ \(\d+:\d+\)$/, '');
    if (!loc) return { id: req.id, error: { file: req.file, message } };
    return { id: req.id, error: { file: req.file, line: loc.line, column: loc.column + 1, message } };
  }
}

function handle(req) {
  if (req.kind === 'counts') return { id: req.id, ...combinedCounts() }; // a test's (combine-once.mjs)
  if (req.kind === 'sass') return compileSass(req);
  if (req.kind === 'flow') return stripFlow(req);
  if (req.kind === 'components') {
    try {
      return providedNames(req);
    } catch (error) {
      return { id: req.id, error: { line: (error.loc && error.loc.line) || 0, column: error.loc ? error.loc.column + 1 : 0, message: String(error.message) } };
    }
  }
  let found = { code: [], links: [], elements: new Map(), fenced: [], runs: new Map(), runsInJSX: [] };
  try {
    const titled = bracketTitles(req.source);
    const { source, esm } = req.fullSyntax ? { source: titled, esm: null } : takeImports(titled);
    const page = (value, options) => ({ value, path: req.file, data: { docsd: options } });
    const options = (blankedCode) => ({
      token: req.token,
      headings: req.headings || [],
      runHeadings: req.runHeadings,
      dropTitle: !!req.dropTitle,
      runs: req.runs || 0,
      runsInAdmonition: req.runsInAdmonition,
      found,
      blankedCode,
      esm,
    });
    let file;
    if (req.fullSyntax) {
      // fullSyntax parses the source as it is with all of remark-gfm and remark-directive, and
      // copies MDX's nodes into the HTML tree: a test compares the two (pkg/mdx
      // TestSyntaxLeftOutChangesNothing).
      file = processorFor(true).processSync(page(source, options()));
    } else {
      const directive = directiveStart.test(source);
      const text = markdownText(source);
      const all = gfmUsed(text.all);
      const prose = gfmUsed(text.prose);
      const blanked = blankCode(source, text.fences);
      if (prose === all && !blanked) {
        file = processorFor(false, all, directive).processSync(page(source, options()));
      } else {
        // Compiled for its prose first, its code blanked; when a fence was not one, or the page
        // has an error (then reported as the whole source gives it), compiled again as it is.
        try {
          file = processorFor(false, prose, directive).processSync(page(blanked ? blanked.source : source, options(blanked && blanked.code)));
        } catch {
          file = null;
        }
        if (!file || !fencesHeld(prose !== all ? text.fences : blanked.fences, found.fenced)) {
          found = { code: [], links: [], elements: new Map(), fenced: [], runs: new Map(), runsInJSX: [] };
          file = processorFor(false, all, directive).processSync(page(source, options()));
        }
      }
    }
    const js = String(file);
    if (!runsHeld(req, found)) return { id: req.id, runsMissing: true };
    // anyComponent: the site's MDXComponents gives names docsd cannot read (providedNames), so a
    // component missing after all shows only when the page renders.
    const missing = req.page && !req.anyComponent ? undefinedComponent(js, found, new Set(req.components || [])) : null;
    if (missing) {
      const { line, column } = missing.at;
      return {
        id: req.id,
        error: {
          line: line ? line + (req.firstLine || 1) - 1 : 0,
          column: column || 0,
          message: `<${missing.name}> is not defined: import it, or give it to every page in src/theme/MDXComponents (docsd gives a page only <Admonition> and <Head> without an import)`,
        },
      };
    }
    return { id: req.id, js, code: found.code, links: found.links, runsInJSX: found.runsInJSX };
  } catch (error) {
    const place = error.place && error.place.start ? error.place.start : error.place || {};
    const line = error.line || place.line || 0;
    const column = error.column || place.column || 0;
    return { id: req.id, error: { line: line ? line + (req.firstLine || 1) - 1 : 0, column, message: String(error.reason || error.message) } };
  }
}

// One thread: on a 2-core machine, compiling on a worker per core doubled the CPU time (each
// thread loads and warms up the compiler) and did not shorten the build. docsd runs more than one
// process when pages wait (pkg/mdx/pool.go): nothing here may depend on an earlier request.
//
// Requests are read and answered one at a time with blocking reads and writes: every plugin is
// synchronous (processSync, as @mdx-js/mdx's compileSync), so nothing needs the event loop, and
// readline, the stdin and stdout streams and a promise chain per page were 6-12% of the
// compiler's CPU (cost.sh's 200 requests replayed: 0.641 -> 0.606 s, median of 15; 2,000: 3.92 ->
// 3.45 s), their modules loaded at each start included. docsd gives the process blocking pipes
// (os/exec); an input that is not blocking after all is read as a stream instead.
const pause = new Int32Array(new SharedArrayBuffer(4));

// write writes all of text to stdout, waiting while a non-blocking pipe is full.
function write(text) {
  const data = Buffer.from(text, 'utf8');
  for (let at = 0; at < data.length; ) {
    try {
      at += writeSync(1, data, at, data.length - at);
    } catch (error) {
      if (error.code !== 'EAGAIN') throw error;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

function serve() {
  const decoder = new StringDecoder('utf8');
  let head = []; // the text read of the line not yet whole
  // take answers each whole line of text (after what came before it). Only the new text is
  // searched for a line's end, and a line's pieces are joined once: a request read in 64 KiB
  // pieces added to one string and searched from its start at each piece took 21 s to read at
  // 32 MB (readline: 2 s).
  const take = (text) => {
    let at = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', at)) {
      let line = text.slice(at, end);
      if (head.length > 0) {
        head.push(line);
        line = head.join('');
        head = [];
      }
      at = end + 1;
      if (!line) continue;
      let answer;
      let id = -1;
      try {
        const req = JSON.parse(line);
        if (req && Number.isInteger(req.id)) id = req.id;
        answer = handle(req);
      } catch (error) {
        // Answered under the request's id: docsd waits for that id, and drops an answer to -1
        // (with the old promise chain an exception here stopped the process, which docsd
        // reports).
        answer = { id, error: { message: String(error) } };
      }
      write(`${JSON.stringify(answer)}\n`);
      // run.cjs, which runs the bundled compiler, writes V8's code cache of it when the process
      // ends, if it compiled enough: never before an answer, which docsd waits for.
      if (globalThis.docsdCompiler) globalThis.docsdCompiler.answered++;
    }
    if (at < text.length) head.push(text.slice(at));
  };
  const input = Buffer.allocUnsafe(1 << 16);
  for (;;) {
    let n;
    try {
      n = readSync(0, input, 0, input.length, null);
    } catch (error) {
      if (error.code === 'EOF') break;
      if (error.code !== 'EAGAIN') throw error;
      process.stdin.on('data', (chunk) => take(decoder.write(chunk)));
      process.stdin.on('end', () => take(`${decoder.end()}\n`));
      return;
    }
    if (n === 0) break;
    take(decoder.write(input.subarray(0, n)));
  }
  // A last request without its newline is answered, as readline did.
  take(`${decoder.end()}\n`);
}

serve();
