// A Docusaurus 3 config written for docsd's per-site compatibility test, shaped like jest's
// website: the site in website/, docs beside it, released versions in versioned_docs with their
// own sidebars, React pages the docs link to, a blog. Our own text throughout.
module.exports = {
  title: 'Probe',
  tagline: 'A made-up test runner',
  url: 'https://probe.example',
  baseUrl: '/',
  favicon: 'img/mark.svg',
  onBrokenLinks: 'throw',
  presets: [
    [
      '@docusaurus/preset-classic',
      {
        docs: {
          path: '../docs',
          sidebarPath: require.resolve('./sidebars.json'),
          showLastUpdateAuthor: true,
        },
        blog: {showReadingTime: true, blogSidebarCount: 'ALL'},
      },
    ],
  ],
  themeConfig: {
    navbar: {
      title: 'Probe',
      items: [
        {type: 'doc', docId: 'getting-started', label: 'Docs', position: 'left'},
        {to: '/help', label: 'Help', position: 'left'},
        {to: 'blog', label: 'Blog', position: 'left'},
        {type: 'docsVersionDropdown', position: 'right'},
      ],
    },
    footer: {links: [{title: 'Docs', items: [{label: 'Getting started', to: '/docs/getting-started'}]}]},
  },
};
