// The page kinds the blog's layouts render (blog/layouts, a chunk of its own). A module without
// imports, so that the navbar's mobile menu can ask whether a page is the blog's without pulling
// in the page layouts (and, through them, the MDX runtime) wherever the navbar is rendered.
export const blogKinds = ['blogList', 'blogPost', 'blogArchive', 'blogAuthors', 'blogAuthor', 'blogTags', 'blogTag'];
