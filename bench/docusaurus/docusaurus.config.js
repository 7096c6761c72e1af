// A Docusaurus 3 configuration for the same content docsd builds, so the two can be timed on one
// site (bench/docusaurus/run.sh). It mirrors docsd.toml: base path /docs/, docs at the base's root,
// the three folder-generated sidebars, the blog, one locale.
export default {
  title: 'Vela',
  url: 'https://go-vela.github.io',
  baseUrl: '/docs/',
  onBrokenLinks: 'warn',
  onBrokenMarkdownLinks: 'warn',
  onBrokenAnchors: 'warn',
  markdown: { format: 'detect' },
  i18n: { defaultLocale: 'en', locales: ['en'] },
  presets: [
    [
      'classic',
      {
        docs: { path: 'docs', routeBasePath: '/', sidebarPath: './sidebars.js' },
        blog: { path: 'blog', routeBasePath: 'blog', showReadingTime: true, onInlineAuthors: 'ignore', onUntruncatedBlogPosts: 'ignore' },
        pages: { path: 'src/pages' },
        theme: {},
      },
    ],
  ],
  themeConfig: {
    navbar: { title: 'Vela', items: [] },
    footer: { copyright: 'Copyright © 2025' },
  },
};
