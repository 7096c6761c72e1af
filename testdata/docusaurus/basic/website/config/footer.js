// A relative import of the config: docsd bundles it with the config.
exports.footerColumns = [
  {title: 'Docs', items: [{label: 'Intro', to: '/docs/intro'}, {html: '<b>html item</b>'}]},
  {title: 'More', items: [{label: 'Example', href: 'https://example.invalid/'}, {label: 'Help', to: '/help'}]},
];
