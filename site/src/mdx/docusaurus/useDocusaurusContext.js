// @docusaurus/useDocusaurusContext: the site's config as a Docusaurus site's components read it.
// siteConfig's title, tagline, url, baseUrl and favicon are docsd.toml's; customFields are its
// [docusaurus.custom_fields] (docsd init --from-docusaurus copies them), a module of the shell's
// registry, so only MDX pages that use this hook load them. What a Docusaurus plugin computes at
// build time (globalData) docsd has not: it is empty.
import customFields from 'docsd:custom-fields';
import { useMdxPage } from '../context.js';

// One context per site data, as Docusaurus has one: every component gets the same object.
const contexts = new WeakMap();

export default function useDocusaurusContext() {
  const { site } = useMdxPage();
  if (!site) return docusaurusContext(null);
  if (!contexts.has(site)) contexts.set(site, docusaurusContext(site));
  return contexts.get(site);
}

function docusaurusContext(site) {
  const locales = site?.locales || [];
  const defaultLocale = (locales.find((l) => l.default) || locales[0] || { code: 'en' }).code;
  const currentLocale = site?.locale || defaultLocale;
  const localeConfigs = Object.fromEntries(
    locales.map((l) => [l.code, { label: l.label, htmlLang: l.htmlLang || l.code, direction: l.direction || 'ltr' }]),
  );
  const i18n = { defaultLocale, currentLocale, locales: locales.map((l) => l.code), localeConfigs };
  return {
    siteConfig: {
      title: site?.title || '',
      tagline: site?.tagline || '',
      url: site?.url || '',
      baseUrl: site?.basePath || '/',
      favicon: site?.favicon || undefined,
      customFields,
      i18n,
      themeConfig: {},
    },
    siteMetadata: { docusaurusVersion: '3', pluginVersions: {}, siteVersion: undefined },
    globalData: {},
    i18n,
    codeTranslations: {},
  };
}
