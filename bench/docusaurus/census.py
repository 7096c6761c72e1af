#!/usr/bin/env python3
# census.py PROJECT OUT: issue #21's check of one built Docusaurus site (bench/docusaurus/census.sh
# runs it): the routed .md/.mdx sources of each docs version and [[docs]] set, the blog and the pages folder (not
# partials, not drafts) against the pages docsd built (the page data's kinds), and every HTML page
# with raw MDX left in its text outside code: a JSX tag passed through (React writes lower-case
# tags only), an import/export line or a ::: fence. VERBOSE=1 lists sources whose doc id is not
# found.
import json, glob, os, re, sys, tomllib, collections
proj, out = sys.argv[1], sys.argv[2]
cfg = tomllib.load(open(os.path.join(proj, 'docsd.toml'), 'rb'))
cd = os.path.join(proj, cfg.get('content_dir', 'content'))
def sources(d):
    r = []
    for f in glob.glob(os.path.join(d, '**/*.md*'), recursive=True):
        rel = os.path.relpath(f, d)
        if not re.search(r'\.mdx?$', f) or any(p.startswith('_') for p in rel.split('/')): continue
        txt = open(f, errors='replace').read(3000)
        m = re.match(r'---\n(.*?)\n---', txt, re.S)
        if m and re.search(r'^draft:\s*true', m.group(1), re.M): continue
        r.append(rel)
    return r
vers = cfg.get('versions') or [{'name': 'current', 'dir': 'docs'}]
# [[docs]] sets (a docs plugin with an id of its own) are one version each, named by their id.
vers = vers + [{'name': d['id'], 'dir': d['dir']} for d in cfg.get('docs', [])]
data = collections.defaultdict(list)
for f in glob.glob(os.path.join(out, '__data/**/*.json'), recursive=True):
    try: d = json.load(open(f))
    except Exception: continue
    if isinstance(d, dict): data[d.get('kind')].append(d)
nsrc = nbuilt = 0
for v in vers:
    s = sources(os.path.join(cd, v['dir']))
    ids = {d.get('docId') for d in data['doc'] if d.get('version') == v['name']}
    built = [d for d in data['doc'] if d.get('version') == v['name']]
    nsrc += len(s); nbuilt += len(built)
    print(f"version {v['name']}: {len(s)} sources, {len(built)} doc pages")
    if len(s) != len(built) and os.environ.get('VERBOSE'):
        stem = lambda r: re.sub(r'(^|/)\d+[-_]', r'\1', re.sub(r'\.mdx?$', '', r))
        for r in sorted(s):
            st = stem(r); st2 = re.sub(r'/?(index|README|readme)$', '', st)
            if st not in ids and st2 not in ids and os.path.dirname(st) not in ids: print('   not found by id:', r)
blog = cfg.get('blog', {}).get('dir')
if blog:
    s = sources(os.path.join(cd, blog)); nsrc += len(s); nbuilt += len(data['blogPost'])
    print(f"blog: {len(s)} sources, {len(data['blogPost'])} posts")
pd = cfg.get('pages_dir')
if pd and os.path.isdir(os.path.join(proj, pd)):
    # A pages folder's index.mdx is the site's landing page (kind "landing", with its MDX).
    n = len([d for d in data['doc'] if 'version' not in d]) + len([d for d in data['landing'] if d.get('mdx')])
    s = sources(os.path.join(proj, pd)); nsrc += len(s); nbuilt += n
    print(f"pages: {len(s)} sources, {n} pages")
raw = []
for f in glob.glob(os.path.join(out, '**/*.html'), recursive=True):
    html = open(f, errors='replace').read()
    m = re.search(r'<main\b.*?</main>', html, re.S)
    html = m.group(0) if m else html
    html = re.sub(r'<(nav|aside)\b.*?</\1>', '', html, flags=re.S)
    html = re.sub(r'<(pre|code|script|style|textarea)\b.*?</\1>', '', html, flags=re.S)
    tags = re.findall(r'<[A-Z][A-Za-z0-9.]*[\s/>]', html)  # React writes lowercase tags: these are raw
    # Block elements end a line; inline ones (<em>, <a>) do not: "_import types from the server_"
    # in a sentence is no import line.
    text = re.sub(r'</?(?:p|div|li|ul|ol|h[1-6]|br|tr|td|th|table|section|blockquote|details|summary|hr|header|footer|article|figure|dl|dt|dd)\b[^>]*>', '\n', html)
    text = re.sub(r'<[^>]+>', '', text)
    text = text.replace('&lt;', '<').replace('&gt;', '>').replace('&amp;', '&').replace('&#34;', '"').replace('&quot;', '"')
    hits = tags + re.findall(r'^[ \t]*(?:import [\w{*].* from .*|export (?:const|default|function|let) .*|:::[a-z].*)$', text, flags=re.M)
    if hits: raw.append((os.path.relpath(f, out), hits[:3]))
print(f"TOTAL sources {nsrc} built {nbuilt} raw-text pages {len(raw)}")
for f, h in raw[:40]: print('  raw:', f, h)
