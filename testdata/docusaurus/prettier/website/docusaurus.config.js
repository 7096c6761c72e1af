// A Docusaurus 3 config written for docsd's per-site compatibility test, shaped like prettier's
// website: the site in website/, docs beside it in ../docs with a sidebars.json, a blog whose posts
// sit at several depths, a React home page. Our own text throughout.
const REPO = 'https://example.invalid/tidy';

export default {
  title: 'Tidy',
  tagline: 'A made-up code formatter',
  url: 'https://tidy.example',
  baseUrl: '/',
  favicon: 'img/icon.svg',
  presets: [
    [
      'classic',
      {
        docs: {
          path: '../docs',
          sidebarPath: './sidebars.json',
          sidebarCollapsed: false,
          editUrl: ({docPath}) => `${REPO}/edit/main/docs/${docPath}`,
        },
        blog: {
          blogTitle: 'Tidy blog',
          blogDescription: 'News about Tidy',
          blogSidebarCount: 5,
          blogSidebarTitle: 'Recent posts',
        },
      },
    ],
  ],
  themeConfig: {
    navbar: {
      title: 'Tidy',
      items: [
        {type: 'docSidebar', sidebarId: 'docs', label: 'Docs', position: 'right'},
        {to: '/blog', label: 'Blog', position: 'right'},
        {href: REPO, label: 'Source', position: 'right'},
      ],
    },
    footer: {
      links: [{title: 'Docs', items: [{label: 'About', to: '/docs'}, {label: 'Install', to: '/docs/install'}]}],
    },
  },
};
