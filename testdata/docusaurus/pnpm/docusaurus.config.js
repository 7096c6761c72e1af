// A Docusaurus 3 config written for docsd's compatibility test (not copied from any site), shaped
// like pnpm.io and capacitor's: docs at the site root with versions, navbar
// dropdowns, typed and not, a navbar item of a second docs instance and one of a folder's index.
module.exports = {
  title: 'Root Docs',
  url: 'https://rootdocs.example',
  baseUrl: '/',
  presets: [
    [
      'classic',
      {
        docs: {
          path: 'docs',
          routeBasePath: '/',
          sidebarPath: require.resolve('./sidebars.js'),
          lastVersion: '2.x',
        },
        blog: false,
      },
    ],
  ],
  plugins: [['@docusaurus/plugin-content-docs', {id: 'extra', path: 'extra-docs', routeBasePath: 'extra'}]],
  themeConfig: {
    navbar: {
      items: [
        {type: 'doc', docId: 'intro', label: 'Docs', position: 'left'},
        {type: 'doc', docId: 'guide/index', label: 'Guide'},
        {type: 'docSidebar', docsPluginId: 'extra', sidebarId: 'extra', label: 'Extra'},
        {type: 'dropdown', label: 'More', items: [{to: '/guide/setup', label: 'Setup'}]},
        {label: 'Community', items: [{href: 'https://rootdocs.example/chat', label: 'Chat'}]},
        {type: 'docsVersionDropdown', position: 'right'},
      ],
    },
  },
};
