// The generated part of the sidebar is an ES module the site's build writes (typedoc does so).
module.exports = {
  docs: ['intro', {type: 'category', label: 'Guide', items: [...require('./gen/guide-sidebar.ts').items]}],
};
