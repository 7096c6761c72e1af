// The community docs' sidebar (a docs plugin with the id "community").
module.exports = {
  community: ['intro', 'support'],
};
