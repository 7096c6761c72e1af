// A Docusaurus 3 config written for docsd's per-site compatibility test, shaped like go-vela/docs
// (the project at the repository root, docs served at the site root under baseUrl /docs/, a
// hand-written sidebars.js, a blog with authors.yml and tags.yml). Our own text throughout.
const config = {
  title: 'Rover',
  tagline: 'A made-up pipeline runner',
  favicon: 'img/logo.svg',
  url: 'https://rover.example',
  baseUrl: '/docs/',
  trailingSlash: false,
  onBrokenLinks: 'warn',
  i18n: {defaultLocale: 'en', locales: ['en']},
  presets: [
    [
      'classic',
      {
        docs: {
          lastVersion: 'current',
          sidebarPath: require.resolve('./sidebars.js'),
          routeBasePath: '/',
          versions: {current: {label: 'v1.4'}},
        },
        blog: {showReadingTime: true, onInlineTags: 'warn'},
        theme: {customCss: './src/css/custom.css'},
      },
    ],
  ],
  themeConfig: {
    navbar: {
      title: 'Rover',
      logo: {alt: 'Rover logo', src: 'img/logo.svg'},
      items: [
        {type: 'docSidebar', sidebarId: 'main', label: 'Docs', position: 'left'},
        {to: '/blog', label: 'Blog', position: 'left'},
        {type: 'docsVersionDropdown', position: 'right'},
      ],
    },
    footer: {
      links: [{title: 'Docs', items: [{label: 'Start', to: '/intro'}]}],
      copyright: 'Rover authors',
    },
  },
};

module.exports = config;
