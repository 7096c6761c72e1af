// The weights of ranking, apart from the code that applies them (rank.js and the rules beside it):
// each says what it does and why. They are tuned on tests/search/testdata/relevance.tsv (never on
// heldout.tsv); createEngine takes others by these names for tuning (tests/search/tune.mjs).
export const WEIGHTS = {
  // Fields: a match in the page title or sidebar label counts most, then the file name, then a
  // section heading, then the breadcrumbs, then the text: readers type the words the navigation
  // shows them.
  title: 5,
  name: 1,
  heading: 0.5,
  body: 1,
  crumb: 4,
  // A title the query covers wholly ranks above one it shares a word with: the title's score is
  // multiplied by 1 - cover + cover * (share of the title's words the query has).
  cover: 1,
  // A page whose title, file name and breadcrumbs together have every word of the query gains
  // this: "list builds api" is the page "List builds" under "API", not the page "Build API".
  nav: 20,
  // The share of the query's words found there counts too, to this power (1: linear).
  navPow: 2,
  // A section whose heading has every word of a query of two words or more gains this: "approve
  // builds from forks" is a heading of the page on starting builds.
  headingAll: 3,
  // ... and this more when the heading is short (three words at most) and has no other word:
  // "approve builds from forks" is the heading "Approve builds from forks".
  headingWhole: 10,
  // A page whose whole title (or label) the query holds, its words side by side in the query,
  // gains this: the query names the page ("starlark templates", "secret settings vault": the
  // title "Secret settings", not "Vault secrets").
  wholeTitle: 5,
  // A common word typed apart from the word before it where the docs write the two as one ("log
  // in": login): the two apart count this much.
  split: 0.2,
  // A page that lacks words of the query keeps this share of its score per word it lacks (pages
  // that lack two more than the best page does are left out).
  missing: 0.4,
  // ... per word that titles or heads what it is in (its title, breadcrumbs, file name, a heading
  // or a table's key) on this share of the pages that have it, or more; a word less often so
  // counts that much less ("clone with a different git token": "different" heads nothing, and the
  // page on cloning lacks it). 0: every word counts in full.
  topical: 0.3,
  // How much the other matching sections of a page add to its best section.
  otherSections: 0.3,
  // A page gains this times the square of the share of the query's words that one of its sections
  // holds together: words found side by side in one part of a page are about one thing, words
  // spread over a long page may not be ("make myself admin": the section on the first admin).
  together: 10,
  // 1: a phrase of several words (the query's, or a synonym's) is found in a section, or in the
  // title, breadcrumbs and file name, only when all its words are there: a page with "keys" alone
  // lacks "private key" as it would lack "private" typed apart (0: any of its words will do).
  wholePhrase: 1,
  // Candidates of a word: a synonym from the site's table, a word one or two typing mistakes away
  // (looked for only when the word matches no term, so a typo never outranks an exact match).
  synonym: 0.7,
  // 1: of a page and a page below it (its route goes on from the other's), both shown, the one
  // below comes first when its title, breadcrumbs and file name hold more of the query's words
  // (specificFirst): an overview repeats its pages' words.
  specific: 1,
  // The words that start with the word being typed count this much when it is a term itself.
  prefixOfExact: 0.7,
  // ... and this much when it is a word the synonym table lists on its own, a short form the
  // site expects readers to type whole ("pat": a personal access token, not path or pattern).
  prefixOfSynonym: 0.35,
  typo1: 0.55,
  // 1: a word of 4 letters that matches nothing is looked up as a word of 5 with a letter dropped
  // ("slak" is slack, "uild" build): the bound of 5 letters is the word's, and a dropped
  // letter makes it shorter. Only the dropped letter is looked for: a word of 4 with any other
  // mistake is as often another word. 0: words below 5 letters are never looked up.
  typoDropped: 1,
  typo2: 0.4,
  // A word that is no term and starts with "re" before a verb the docs have ("resync", "reenable")
  // is that verb done again: it finds the verb at this weight (parse.js, againTerm), before it is
  // looked up as a typing mistake. 0 turns it off.
  again: 1,
  // 1: a word found only with typing mistakes (it matches no term, whole or as a start) is read as
  // its nearest correction: its candidates count as the word would, the nearest at full weight
  // (typo1 and typo2 only order them), its correction makes a phrase of the synonym table with the
  // words beside it ("enviroment variables" is "env vars") and names a part of the site as the word
  // would ("comand to restart a build": a CLI page). A typo still never outranks an exact match:
  // it is looked for only when the word has none. 0: candidates weigh typo1 and typo2 as typed.
  typoAsWord: 1,
  // 1: a word typed whole (not the one being typed) that is no term of the docs but starts some is
  // also looked up with typing mistakes, its corrections at a typo's weight beside the words it
  // starts: "loggin" is login as well as logging, "comple" compile as well as complete. 0: such a
  // word is only a start of words.
  typoWhole: 1,
  // A word typed whole (not the one being typed) whose term the docs have, but which they never
  // write as typed, is also looked up with typing mistakes, its corrections to other terms at a
  // typo's weight times this: "executer" stems as "execute" does and is "executor" mistyped. 0:
  // such a word is only its term.
  typoForm: 1,
  // keyWordsMin words or more of a query (up to four) that, joined by underscores, are a term of
  // the docs ("default build limit": default_build_limit, "worker check in": worker_check_in) are
  // one unit, a phrase found where all its words are, and also found as that identifier where a
  // table has it as a key (a settings table's first cell), at this weight times the words it
  // stands for (parse.js, keyWordsOf): a reader names a setting by its words, and the page that
  // defines it comes before a guide that mentions its variable in passing. Two words are too often
  // an identifier's by chance ("approve build": approve_build). 0 turns it off.
  keyWords: 4,
  keyWordsMin: 3,
  // A term in the breadcrumbs of at least this many pages, and this share of all pages, names a
  // part of the site (isSectionUnit); 0 turns it off.
  sectionPages: 10,
  sectionShare: 0.15,
  // 1: a word whose synonym is such a term names the part too (isSectionUnit).
  synonymParts: 1,
  // A query that names no part of the site is more often a reader's task than a lookup among a
  // large part's many like pages (a hundred API endpoints): a page keeps 1 - partPrior *
  // share^partPow of its score, share being the part of the site its breadcrumbs put it in (the
  // index file's partShares). "stop a running build": the CLI's page before the API's, a guide
  // before both.
  partPrior: 0.3,
  partPow: 1,
  // The parts a reader reaches by naming them (docsd.toml [search] lookup_parts, the index file's
  // lookupPages: an API reference): when a query names no part, their pages keep this share of
  // their score, so that a task typed without "api" is the CLI's or a guide's page before the
  // endpoint's of the same title.
  lookupKeep: 0.93,
  // The stops of a walkthrough (docsd.toml [search] walk_parts, the index file's walkPages: a
  // tour) pass through subjects that standalone pages treat: when a query names no part, they keep
  // this share of their score (LABELS §3.5: "always pull the image" is the page on pull policies,
  // "detach a step" the steps reference, not the tour's stops on images and steps).
  walkKeep: 0.9,
  // A query phrased as a task ("how do I restart a build", "how to add a secret") asks for a guide
  // more than any other: a page keeps 1 - taskPrior * share^taskPow instead. The task words are
  // TASK_WORDS, when the index's stop words have them (an English index).
  taskPrior: 1.5,
  taskPow: 0.5,
  // 1: a guide that teaches what a query names comes before the action part's page that does it
  // (the index file's actionPages: a CLI's commands, an API's endpoints), when the query names no
  // part (rank). The words a tenth of the titles share, most of them the action parts' (a CLI's
  // program name), make a query a command typed whole: no guide comes first then (typesCommand).
  guideFirst: 1,
  commandShare: 0.5,
  // 1: of a landing page and the page below it with the same title, both shown with the same
  // words in their titles, breadcrumbs and file names, the one below comes first (specificFirst):
  // the landing page lists what the page below explains ("sdk": "Go SDK" under "Go SDK").
  sameTitle: 1,
  // 1: ... and so does the one below on as many of those words when its title has a word of the
  // query that the landing page has only in its text (specificFirst): "view platform settings
  // cli" is `vela view settings`, not the landing page that lists it.
  childTitle: 1,
  // An identifier typed whole (VELA_REPO_NAME) is defined by the reference that lists its family
  // (the names that share its words up to the last underscore): of the pages that have it as a
  // table key or in a heading, the one whose keys and headings name most of the family gains this
  // share of its score, the others in proportion (familyFirst), enough that the identifier typed
  // beside another word outweighs a page titled with that word ("worker VELA_QUEUE_ROUTES default":
  // the worker's queue settings, not the `worker` key's page). 0 turns it off.
  family: 0.5,
  // 1: a unit of common words the synonym table gives a meaning ("who can => permissions, roles")
  // counts only when a page that titles or heads what it stands for also titles, heads or keys
  // another word of the query (commonGoverns): "who can I ask for help" is "ask for help".
  commonGoverns: 1,
  // 1: such a unit kept, the page whose title holds what it stands for comes first when it has
  // every other word of the query (commonFirst): "who can delete a repo" is the page on roles,
  // not the command that deletes. 0 turns it off.
  commonFirst: 1,
  // 1: the guide's heading may be long (four words or more: "Make yourself a platform
  // administrator") when it holds every word of the query; the command's title is helped by its
  // short headings only.
  guideLong: 1,
  // 1: a query that starts with the whole title of a named thing's page (the index file's
  // namePages: a plugin's, a tool's) is that page's, unless another page's title, breadcrumbs and
  // file name, or title and one of its headings, hold every word of it but the words a tenth of
  // the titles share, the product's name (namesFirst): "docker build and push" is the Docker plugin, "docker image build" the guide
  // "Build Docker images".
  namesFirst: 1,
  // 1: a unit of several words (a phrase of the synonym table) is in a page's title when one of
  // its alternatives is there whole: the title "Run the server with Docker" does not hold "rerun"
  // for having "run" of its synonym "re-run" (the title's share still scores).
  wholeTitlePhrase: 1,
  // A long question (longWords words or more, naming no part of the site: "pass files from one
  // step to another") is about what most of its words say, so the page's title counts by the
  // share of the question it holds (to the power longTitlePow), its file name and breadcrumbs by
  // the share of the question they hold (to longNavPow), and the page gains longCover times the
  // share that its title with one of its headings holds (LABELS §3.2): a title of one word the
  // question mentions ("Steps") names another topic than the page whose heading says the rest
  // ("Share files between steps" of "Workspace"). 0 turns it off.
  longWords: 4,
  longTitlePow: 2,
  longNavPow: 1,
  longCover: 15,
  // A question of midWords words (three: fewer than longWords, naming no part of the site) is
  // read the same way, more gently: its title counts by the share of it the title holds to the
  // power midTitlePow, its file name and breadcrumbs in full (midNavPow 0), and the page gains
  // midCover only when its title with one of its own headings holds all three words. A one-word
  // title that is one of three words ("Image" for "step image pull") names a topic of the
  // question, not the question, which a page whose title and heading hold all of it answers (LABELS §3.2: title with one heading holds more of the
  // query's words). 0 turns it off: a question of three words is then scored as a short query.
  midWords: 3,
  midTitlePow: 0.25,
  midNavPow: 0,
  midCover: 20,
  // 1: the product's name (a word a tenth of the titles share) is not one of a long question's
  // words: "what is the version key in vela yml" asks three, as "... in yml" does. 0: it counts.
  longProduct: 1,
  // 1: a query that opens with a list frame ("all yaml keys", "every step key", "list of cli
  // commands": parse.js, LIST_FRAMES) asks for the page that lists what it names (LABELS §1, "a
  // query asking for the whole list"): the pages below a landing page do not come above it
  // (specificFirst), and a leading quantifier ("all", "every") is left out, since it says nothing
  // of the topic (a title "Sync all repos" does not answer "all api endpoints"). 0 turns it off.
  listing: 1,
  // 1: of the pages shown, one whose title, breadcrumbs and file name, or title with one of its
  // headings, hold every word of the query (two or more) takes third place when none of the first
  // three does (rules.coverThird): the navigation's evidence stays in the top three when the
  // scores prefer pages that have the words in their text. First place never changes.
  coverThird: 1,
  // 1: the product's name (a word a tenth of the titles share) typed as the last of a query's
  // words is left out: a command starts with the program's name, so "approve a build in vela" asks
  // what "approve a build" does, not for `vela approve build`, whose title the name would complete.
  productLast: 1,
  // 1: a word that is no term of the docs and ends in an "s" the stemmer kept (Porter2 keeps it
  // after a vowel that is the word's only one, or in a word without vowels: "clis", "sdks",
  // "ssos") is its singular's term when that is one (words.js, singularTerms): readers write the
  // plurals of acronyms. 0: such a word is found only as typed.
  plural: 1,
  // 1: an identifier typed as its words, in capitals apart by spaces or hyphens ("VELA ID TOKEN
  // REQUEST TOKEN", "VELA-ADDR"), or three or more lower-case words joined by hyphens
  // ("vela-repo-name"), is that identifier typed whole when the docs have it (words.js,
  // identifierText): found as the name it is, with its family's reference (W.family), not as common
  // words. 0: such words are found one by one.
  identRuns: 1,
  // 1: of the pages shown, those that quote the message the query is come first, in their order
  // of rank among themselves (a code span of three words or more without a flag, the documents file's quotes: the
  // error a troubleshooting entry explains; present.js, quotedFirst): a reader pastes what a program
  // printed ("no tag provided for tag event" is `vela exec pipeline`, whose troubleshooting quotes
  // it, not the steps reference with "tag" and "event" in its headings). Not for a query that types
  // a command whole (typesCommand). 0 turns it off.
  quoted: 1,
  // The fewest words of a quote that a query holds whole, in order, for quotedFirst (a message
  // pasted in a longer line), and the fewest words of a query that a quote holds whole (a part of a
  // message): three words of a longer message are no paste of it.
  quotedMin: 3,
  quotedPart: 4,
};
