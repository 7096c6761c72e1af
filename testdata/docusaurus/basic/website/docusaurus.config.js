// A Docusaurus 3 config written for docsd's compatibility test (not copied from any site). It uses
// what real configs do: a package that is not installed (a stub when docsd evaluates it), a
// relative import, require.resolve, an environment variable and a function value.
const {themes} = require('prism-react-renderer');
const {footerColumns} = require('./config/footer.js');
// A plugin whose rules the site lists (customFields.rules): not installed, so the list is empty.
const madeUpPlugin = require('eslint-plugin-made-up');

module.exports = {
  title: 'Fixture Docs',
  tagline: 'Docs of a made-up tool',
  url: 'https://fixture.example',
  baseUrl: '/',
  favicon: 'img/logo.svg',
  trailingSlash: true,
  i18n: {defaultLocale: 'en', locales: ['en', 'fr']},
  markdown: {format: 'detect', mermaid: true},
  customFields: {
    rules: Object.entries(madeUpPlugin.rules).map(([name]) => name),
    docsVersion: '2.0',
    links: {issues: 'https://fixture.example/issues', retries: 3, tags: ['a', 'b']},
    unset: null,
  },
  presets: [
    [
      'classic',
      {
        docs: {
          path: '../docs',
          sidebarPath: require.resolve('./sidebars.js'),
          editUrl: ({docPath}) => `https://example.invalid/${docPath}`,
          versions: {current: {label: 'Next', banner: 'none', badge: false}},
        },
        blog: false,
        theme: {customCss: require.resolve('./src/css/custom.css')},
      },
    ],
  ],
  plugins: [
    ['docusaurus-plugin-made-up', {enabled: process.env.FIXTURE_FLAG === 'on'}],
    function localPlugin() {
      return {name: 'local-plugin'};
    },
    ['docusaurus-plugin-made-up', {id: 'second'}],
    // Docs plugins with ids of their own: a community section with its sidebars file, and a
    // handbook whose sidebar Docusaurus generates from its folder.
    [
      '@docusaurus/plugin-content-docs',
      {
        id: 'community',
        path: '../community',
        routeBasePath: 'community',
        sidebarPath: require.resolve('./sidebarsCommunity.js'),
        editUrl: 'https://example.invalid/community/',
      },
    ],
    ['content-docs', {id: 'handbook', path: 'handbook', routeBasePath: '/handbook'}],
  ],
  themeConfig: {
    prism: {theme: themes.github},
    announcementBar: {id: 'hello', content: 'Fixture <b>announcement</b>', isCloseable: true},
    colorMode: {respectPrefersColorScheme: true},
    navbar: {
      title: 'Fixture',
      logo: {alt: 'Fixture logo', src: 'img/logo.svg'},
      items: [
        {type: 'docSidebar', sidebarId: 'guide', label: 'Guide', position: 'left'},
        {type: 'doc', docId: 'reference/api', label: 'API', position: 'left'},
        {type: 'docsVersionDropdown', position: 'right'},
        {href: 'https://example.invalid/repo', label: 'Source', position: 'right'},
        {href: 'pathname:///playground/', label: 'Playground', position: 'right'},
        {type: 'html', value: '<span>made up</span>'},
        {type: 'docSidebar', sidebarId: 'community', docsPluginId: 'community', label: 'Community', position: 'left'},
        {type: 'doc', docId: 'rules', docsPluginId: 'handbook', label: 'Handbook', position: 'left'},
        {type: 'docsVersionDropdown', docsPluginId: 'community', position: 'right'},
      ],
    },
    footer: {links: footerColumns, copyright: 'Copyright Fixture'},
  },
};
